#!/usr/bin/env bash
# make_spliced.sh BUILD_DIR ORACLE - the spliced-* cases: markers of this
# project's compiled examples spliced into the real buffers (shader-engine 0
# of each GEMM capture), with their expected records from ORACLE (a program
# printing a buffer's records from AMD's decoder source; README.md). Writes
# spliced-gfx950, spliced-gfx1100, spliced-gfx1200 here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=$(cd "$1" && pwd)
oracle=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
hipcc() {
  /usr/lib/llvm-22/bin/clang -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2 -DSQTT_ENABLED=1 \
    -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" -fpass-plugin="$build/lib/libsqttinstrumentpass.so" "$@"
}
for spec in "gfx950 gfx950-gemm 0" "gfx1100 gfx1100-gemm 0,1" "gfx1200 gfx1200-gemm 0,1,2,3"; do
  read -r arch real flags <<< "$spec"
  case=spliced-$arch
  rm -rf "${here:?}/$case" && mkdir -p "$here/$case/host"
  SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
    hipcc --offload-arch="$arch" -c "$root/examples/nested_markers.hip" -o "$work/nested_$arch.co"
  cp "$work/nested_$arch.co" "$here/$case/host/1000_${arch}_code_object_id_1.out"
  "$build/bin/sqtt-synth" -c "$here/$case/host/1000_${arch}_code_object_id_1.out" -o "$work/synth-$arch" \
    --seed 7 --shader-engines 1 --cus 4 --relaunches 3 --priv-percent 0 2>/dev/null
  src=$(ls "$here/$real/host/"*_shader_engine_0_*.att)
  python3 "$here/splice_markers.py" "$src.expected" "$work/synth-$arch/ui_output_agent_1_dispatch_1" "$flags" \
    "$work/records-$arch.txt"
  out=$here/$case/host/$(basename "$src")
  "$build/bin/att-splice" "$src" "$work/records-$arch.txt" "$out"
  "$oracle" "$out" > "$out.expected"
  { echo "The markers of examples/nested_markers.hip compiled for $arch with this project's plugin"
    echo "(SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1), as sqtt-synth --seed 7"
    echo "runs them, spliced into $real/host/$(basename "$src") by make_spliced.sh onto its real waves,"
    echo "plus records with every flag and boundary value of the shader-data layout."
    echo "kernel: _Z13particle_stepP8ParticleifPf (the example's; the stream's own start address is tinygrad's kernel)"
    echo "sha256 $(sha256sum "$out" | cut -d' ' -f1)"; } > "$here/$case/SOURCE.txt"
done
