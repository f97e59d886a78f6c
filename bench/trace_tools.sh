#!/usr/bin/env bash
# trace_tools.sh [BUILD_DIR] [RECORDS...] - throughput and peak memory of
# sqtt-synth and of every trace tool on simulated rocprofv3 --att traces of
# about RECORDS records each (default 1M 10M 100M). The traces come from the
# example kernels compiled with functions, barriers and memory markers
# (gfx942), address tracing (gfx942) and gfx12 clock packing (gfx1201), spread
# over 4 shader engines and 8192 waves. The att step runs last because it
# rewrites the trace in place. Every tool runs on one thread (-j 1); the
# flamegraph and Perfetto rows marked -j 2 read shader engines ahead on the
# second core; the memory tool runs once without and once with its summary.
# The Perfetto rows give the size of what they wrote: Chrome JSON, and the
# native protobuf (--format pftrace). Prints a table; traces are deleted
# afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
sizes=("$@")
((${#sizes[@]})) || sizes=(1000000 10000000 100000000)
bin=$build/bin
plugin=$build/lib/libsqttinstrumentpass.so
work=$root/.cache/bench
rm -rf "$work" && mkdir -p "$work/co"
trap 'rm -rf "$work"' EXIT
[[ -x /usr/bin/time ]] || { echo "bench: /usr/bin/time missing (Debian package 'time')" >&2; exit 1; }

hipcc() {
  /usr/lib/llvm-22/bin/clang -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2 \
    -DSQTT_ENABLED=1 -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples" \
    -fpass-plugin="$plugin" "$@"
}
SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/nested_markers.hip" -o "$work/co/nested_code_object_id_1.co"
SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/reduction.hip" -o "$work/co/reduction_code_object_id_2.co"
SQTT_SHADER_CLOCK_BITS=12 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx1201 -c "$root/examples/matmul_tiled.hip" -o "$work/co/matmul_code_object_id_3.co"
shape=(-c "$work"/co/*.co --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 8 --relaunches 3 --seed 1)
waves=8192

# synth EVENTS_PER_WAVE DIR -> records written
synth() {
  "$bin/sqtt-synth" "${shape[@]}" --events-per-wave "$1" -o "$2" 2>&1 >/dev/null |
    sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p'
}
calibration=$(synth 50 "$work/calibrate")
rm -rf "$work/calibrate"

# measure NAME RECORDS MB CMD... -> one table row; with OUT set, the row
# ends with the size of that output (file or directory)
measure() {
  local name=$1 n=$2 mb=$3
  shift 3
  if [[ -n ${OUT:-} ]]; then rm -rf "$OUT"; fi
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
    { echo "bench: $name failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  local secs kb
  read -r secs kb < "$work/time"
  local out=""
  if [[ -n ${OUT:-} ]]; then out="  ($(du -sm --apparent-size "$OUT" | cut -f1) MB written)"; fi
  awk -v t="$name" -v n="$n" -v mb="$mb" -v s="$secs" -v kb="$kb" -v out="$out" 'BEGIN {
    if (s < 0.01) s = 0.01;
    printf "%-20s %11d %9d %9.2f %12.0f %9.0f %12.0f%s\n", t, n, mb, s, n / s, mb / s, kb / 1024, out }'
}

printf '%-20s %11s %9s %9s %12s %9s %12s\n' step records "MB input" seconds "records/s" "MB/s" "peak RSS MB"
for n in "${sizes[@]}"; do
  trace=$work/trace
  epw=$(((n * 50 + calibration - 1) / calibration))
  rm -rf "$trace"
  /usr/bin/time -f '%e %M' -o "$work/time" "$bin/sqtt-synth" "${shape[@]}" --events-per-wave "$epw" \
    -o "$trace" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  records=$(sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p' "$work/stderr")
  mb=$(du -cm --apparent-size "$trace"/ui_*/shaderdata_*.json | tail -1 | cut -f1)
  read -r secs kb < "$work/time"
  awk -v n="$records" -v mb="$mb" -v s="$secs" -v kb="$kb" 'BEGIN {
    if (s < 0.01) s = 0.01;
    printf "%-20s %11d %9d %9.2f %12.0f %9.0f %12.0f  (MB written)\n", "sqtt-synth", n, mb, s, n / s, mb / s, kb / 1024 }'
  measure sqtt-flamegraph "$records" "$mb" "$bin/sqtt-flamegraph" "$trace" --no-svg -j 1
  measure "  -j 2 (read-ahead)" "$records" "$mb" "$bin/sqtt-flamegraph" "$trace" --no-svg -j 2
  OUT=$work/perfetto measure "sqtt-perfetto (JSON)" "$records" "$mb" "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" -j 1
  OUT=$work/perfetto measure "  -j 2 (read-ahead)" "$records" "$mb" "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" -j 2
  OUT=$work/perfetto measure "  --format pftrace" "$records" "$mb" "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" --format pftrace -j 1
  measure sqtt-memory-trace "$records" "$mb" "$bin/sqtt-memory-trace" "$trace" -o "$work/addresses.json" -j 1
  measure "  --summary(-json)" "$records" "$mb" "$bin/sqtt-memory-trace" "$trace" -o "$work/addresses.json" \
    --summary --summary-json "$work/summary.json" -j 1
  measure sqtt-att "$records" "$mb" "$bin/sqtt-att" "$trace"
  rm -rf "$trace" "$work/perfetto" "$work/addresses.json" "$work/summary.json"
done
