#!/usr/bin/env bash
# build-example-objects.sh OUTDIR - builds the code objects, bundles and HIP
# executable whose sqtt-decode-funcmap output the golden files record. Used by
# the tests (through lit) and by update-goldens.sh. $HIPCC is the compile
# command with the plugin; $CXX compiles the host runtime stub.
set -euo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
examples=$here/../../../examples
mkdir -p "$out"
export SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1
targets=(gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250)
arch_flags=()
for gfx in "${targets[@]}"; do arch_flags+=(--offload-arch="$gfx"); done
for ex in matmul_tiled reduction nested_markers; do
  for gfx in "${targets[@]}"; do
    # shellcheck disable=SC2086
    $HIPCC -O2 -DSQTT_ENABLED=1 --offload-arch="$gfx" --cuda-device-only --no-gpu-bundle-output \
      -c "$examples/$ex.hip" -o "$out/$ex.$gfx.co"
  done
  # shellcheck disable=SC2086
  $HIPCC -O2 -DSQTT_ENABLED=1 "${arch_flags[@]}" --cuda-device-only -c "$examples/$ex.hip" -o "$out/$ex.bundle"
  # shellcheck disable=SC2086
  $HIPCC -O2 -DSQTT_ENABLED=1 "${arch_flags[@]}" --cuda-device-only --offload-compress \
    -c "$examples/$ex.hip" -o "$out/$ex.ccob"
  # shellcheck disable=SC2086
  $HIPCC -O2 -DSQTT_ENABLED=1 "${arch_flags[@]}" -c "$examples/$ex.hip" -o "$out/$ex.host.o"
done
$CXX -c "$here/../Inputs/hip_host_runtime_stub.cpp" -o "$out/stub.o"
$CXX "$out/matmul_tiled.host.o" "$out/reduction.host.o" "$out/nested_markers.host.o" "$out/stub.o" -o "$out/examples_app"
# Layout rows: wave size (address traces) and the gfx12 clock encoding.
# shellcheck disable=SC2086
SQTT_TRACE_ADDRESSES=memory,lds SQTT_INSTRUMENT_BARRIERS=0 $HIPCC -O2 -DSQTT_ENABLED=1 --offload-arch=gfx942 \
  --cuda-device-only --no-gpu-bundle-output -c "$examples/nested_markers.hip" -o "$out/nested_markers.addr.gfx942.co"
# shellcheck disable=SC2086
SQTT_SHADER_CLOCK_BITS=12 $HIPCC -O2 -DSQTT_ENABLED=1 --offload-arch=gfx1201 \
  --cuda-device-only --no-gpu-bundle-output -c "$examples/matmul_tiled.hip" -o "$out/matmul_tiled.clock.gfx1201.co"
