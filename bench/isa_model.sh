#!/usr/bin/env bash
# isa_model.sh [BUILD_DIR] - the ISA model's cost: sqtt-verify on the shared
# reference module (../shared/bench/gen.py, 2,000 functions, built with
# FUNCTIONS=10 BARRIERS=1 MEMORY=2:5 and the default scope filter) for gfx942
# and gfx1100, on the hardest example code object (matmul_tiled at -O0 with
# address tracing: spills, loops and thousands of markers) and on the largest
# code object the test suites left in BUILD_DIR/test; then sqtt-synth
# following the code of the example kernels, without and with instruction
# detail (--target-cu: every wave of the target CU lists each instruction it
# executed), and sqtt-verify --trace on the first trace (D31: every wave
# matched with its code; records per CPU second and peak memory). Each row: wall
# and CPU seconds, peak RSS, and what was covered. Last, whether the trace
# tools link LLVM (they must not: the ISA model stays out of them).
set -euo pipefail
. "$(dirname "$0")/common.sh"
bench_needs "$shared/gen.py" /usr/bin/time
bin=$build/bin
hip=("$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output
     -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" -fpass-plugin="$plugin")

python3 "$shared/gen.py" -o "$work/mod.hip"
for arch in gfx942 gfx1100; do
  env SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=2:5 \
    "${hip[@]}" -O2 -c --offload-arch=$arch "$work/mod.hip" -o "$work/module_$arch.co"
done
env SQTT_TRACE_ADDRESSES=memory,lds SQTT_INSTRUMENT_FUNCTIONS=1 \
  "${hip[@]}" -O0 -c --offload-arch=gfx1100 "$root/examples/matmul_tiled.hip" -o "$work/matmul_O0_addresses.co"
largest=$(find "$build/test" -name '*.co' -printf '%b %p\n' 2>/dev/null | sort -n | tail -1 | cut -d' ' -f2- || true)

echo "sqtt-verify (load average $(cut -d' ' -f1 /proc/loadavg))"
printf '%-40s %9s %8s %8s %9s  %s\n' "code object" "KB" "wall s" "CPU s" "peak MB" "kernels, paths, findings"
verify() { # NAME FILE
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin/sqtt-verify" "$2" > /dev/null 2> "$work/err" || true
  local summary
  summary=$(grep -E '\(gfx[0-9a-f]+\): ' "$work/err" | tail -1 | sed -E 's/.*\): //')
  awk -v name="$1" -v kb=$(( $(du -k "$2" | cut -f1) )) -v s="$summary" \
    '{printf "%-40s %9d %8.2f %8.2f %9.0f  %s\n", name, kb, $1, $2 + $3, $4 / 1024, s}' "$work/time"
}
verify "shared module, gfx942" "$work/module_gfx942.co"
verify "shared module, gfx1100" "$work/module_gfx1100.co"
verify "matmul_tiled -O0, address traces" "$work/matmul_O0_addresses.co"
[[ -n $largest ]] && verify "largest test object ($(basename "$largest" | cut -c1-20)...)" "$largest"

echo
echo "sqtt-synth following the code (3 example kernels, a dispatch each)"
for spec in "nested_markers gfx942 SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1" \
            "reduction gfx1100 SQTT_TRACE_ADDRESSES=memory,lds" \
            "matmul_tiled gfx90a SQTT_TRACE_ADDRESSES=memory,lds"; do
  read -r name arch vars <<< "$spec"
  n=$(( $(ls "$work" | grep -c _code_object_id_ || true) + 1 ))
  env SQTT_SCOPE_CU=-1 $vars "${hip[@]}" -O2 -g -c --offload-arch=$arch "$root/examples/$name.hip" \
    -o "$work/${name}_code_object_id_$n.co"
done
printf '%-52s %8s %8s %9s %14s\n' "" "wall s" "CPU s" "peak MB" "records/CPU s"
synth() { # LABEL ARGS...: one run, its row
  local label=$1
  shift
  rm -rf "$work/trace"
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin/sqtt-synth" -c "$work"/*_code_object_id_*.co \
    -o "$work/trace" --compact "$@" 2> "$work/err" > /dev/null
  local records
  records=$(sed -nE 's/.*wrote ([0-9]+) simulated records.*/\1/p' "$work/err")
  awk -v l="$label" -v r="$records" '{printf "%-52s %8.2f %8.2f %9.0f %14.0f\n", l ", " r " records", $1, $2 + $3,
    $4 / 1024, r / ($2 + $3 + 0.001)}' "$work/time"
}
synth "1024 waves a dispatch (4 SE x 16 CUs x 4 x 4)" --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 4 \
  --relaunches 0
trace_records=$(sed -nE 's/.*wrote ([0-9]+) simulated records.*/\1/p' "$work/err")
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin/sqtt-verify" --trace "$work/trace" -q > "$work/check" || true
awk -v r="$trace_records" -v s="$(tail -1 "$work/check")" '{printf "%-52s %8.2f %8.2f %9.0f %14.0f\n",
  "  sqtt-verify --trace on it (" s ")", $1, $2 + $3, $4 / 1024, r / ($2 + $3 + 0.001)}' "$work/time"
synth "  the same, CU 0 with instructions (--target-cu)" --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 4 \
  --relaunches 0 --target-cu 0
synth "256 waves a dispatch (4 SE x 1 CU x 4 x 16)" --shader-engines 4 --cus 1 --simds 4 --waves-per-simd 16 \
  --relaunches 0
synth "  the same, every wave with instructions" --shader-engines 4 --cus 1 --simds 4 --waves-per-simd 16 \
  --relaunches 0 --target-cu 0

echo
for tool in sqtt-flamegraph sqtt-perfetto sqtt-memory-trace sqtt-stats sqtt-att; do
  if ldd "$bin/$tool" | grep -q libLLVM; then echo "$tool links LLVM: yes (it should not)"; else echo "$tool links LLVM: no"; fi
done
