#!/usr/bin/env bash
# trace_tools.sh [BUILD_DIR] [RECORDS...] - throughput and peak memory of
# sqtt-synth and of every trace tool on simulated rocprofv3 --att traces of
# about RECORDS records each (default 1M 10M 100M), in two shapes:
#  - "mixed": the example kernels compiled with functions, barriers and memory
#    markers (gfx942), address tracing (gfx942) and gfx12 clock packing
#    (gfx1201), spread over 4 shader engines and 8192 waves;
#  - "kernel-like": shaped like real kernels: the function and user scopes of
#    nested_markers.hip (gfx942) on 4 shader engines and 1024 waves, a call
#    tree of 300 stacks whose leaves are 4 to 8 deep, 30 cycles between a
#    wave's events and records on one line (about 19 bytes of JSON each).
# The att step runs last because it rewrites the trace in place. Every tool
# runs on one thread (-j 1); the flamegraph and Perfetto rows marked -j 2 read
# shader engines ahead on the second core; the memory tool runs once without
# and once with its summary, once with its heatmap. The Perfetto rows give the size of what they
# wrote (MB and bytes per record): Chrome JSON, and the native protobuf
# (--format pftrace).
# Each row gives wall seconds and records/s, and records per CPU second
# (user + system: the time the tool had a core, which on a shared machine is
# what "on one core" measures) and per user CPU second (the tool's own work,
# without the kernel's cost of copying its output into the page cache, which
# dominates the Chrome JSON rows on a disk); rows with a target (flamegraph 12 M records/s,
# Perfetto JSON and pftrace and the memory tool 8 M/s, all including writing)
# say whether the CPU rate meets it. Each table starts with the load average.
# Traces are deleted afterwards.
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
mixed=(-c "$work"/co/*.co --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 8 --relaunches 3 --seed 1)
kernel_like=(-c "$work/co/nested_code_object_id_1.co" --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 4
  --relaunches 0 --seed 1 --stacks 300 --min-depth 4 --max-depth 8 --event-gap 30 --compact)

# synth EVENTS_PER_WAVE DIR SHAPE... -> records written
synth() {
  local epw=$1 dir=$2
  shift 2
  "$bin/sqtt-synth" --random "$@" --events-per-wave "$epw" -o "$dir" 2>&1 >/dev/null |
    sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p'
}

# measure NAME RECORDS MB TARGET CMD... -> one table row; with OUT set, the
# row ends with the size of that output (file or directory). TARGET is the
# records/s the row must reach (0: none).
measure() {
  local name=$1 n=$2 mb=$3 target=$4
  shift 4
  if [[ -n ${OUT:-} ]]; then rm -rf "$OUT"; fi
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
    { echo "bench: $name failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  local secs user sys kb
  read -r secs user sys kb < "$work/time"
  local out=""
  if [[ -n ${OUT:-} ]]; then
    local bytes
    bytes=$(du -sb --apparent-size "$OUT" | cut -f1)
    out="  ($((bytes / 1000000)) MB written, $(awk -v b="$bytes" -v n="$n" 'BEGIN { printf "%.1f", b / n }') B/record)"
  fi
  awk -v t="$name" -v n="$n" -v mb="$mb" -v s="$secs" -v cpu="$user + $sys" -v kb="$kb" -v out="$out" \
    -v target="$target" 'BEGIN {
    split(cpu, c, " [+] "); cpu = c[1] + c[2];
    if (s < 0.01) s = 0.01;
    if (cpu < 0.01) cpu = 0.01;
    verdict = "";
    if (target > 0)
      verdict = sprintf("  %s %d M/s", n / cpu >= target ? "meets" : "MISSES", target / 1e6);
    user = c[1] < 0.01 ? 0.01 : c[1];
    printf "%-20s %11d %9d %9.2f %12.0f %12.0f %12.0f %9.0f %12.0f%s%s\n", t, n, mb, s, n / s, n / cpu,
      n / user, mb / s, kb / 1024, verdict, out }'
}

header() {
  echo "$1 (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  printf '%-20s %11s %9s %9s %12s %12s %12s %9s %12s\n' step records "MB input" seconds "records/s" "rec/CPU s" \
    "rec/user s" "MB/s" "peak RSS MB"
}

# run_size SHAPE_NAME RECORDS SHAPE... - synthesize, then every tool
run_size() {
  local label=$1 n=$2
  shift 2
  local shape=("$@") trace=$work/trace
  local calibration
  calibration=$(synth 50 "$work/calibrate" "${shape[@]}")
  rm -rf "$work/calibrate"
  local epw=$(((n * 50 + calibration - 1) / calibration))
  rm -rf "$trace"
  header "$label, about $n records"
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin/sqtt-synth" --random "${shape[@]}" --events-per-wave "$epw" \
    -o "$trace" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  local records mb secs user sys kb
  records=$(sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p' "$work/stderr")
  mb=$(du -cm --apparent-size "$trace"/ui_*/shaderdata_*.json | tail -1 | cut -f1)
  read -r secs user sys kb < "$work/time"
  awk -v n="$records" -v mb="$mb" -v s="$secs" -v cpu="$user" -v sys="$sys" -v kb="$kb" 'BEGIN {
    if (s < 0.01) s = 0.01;
    cpu += sys; if (cpu < 0.01) cpu = 0.01;
    printf "%-20s %11d %9d %9.2f %12.0f %12.0f %12s %9.0f %12.0f  (MB written)\n", "sqtt-synth", n, mb, s,
      n / s, n / cpu, "-", mb / s, kb / 1024 }'
  measure sqtt-flamegraph "$records" "$mb" 12000000 "$bin/sqtt-flamegraph" "$trace" --no-svg -j 1
  measure "  -j 2 (read-ahead)" "$records" "$mb" 0 "$bin/sqtt-flamegraph" "$trace" --no-svg -j 2
  OUT=$work/perfetto measure "sqtt-perfetto (JSON)" "$records" "$mb" 8000000 \
    "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" -j 1
  OUT=$work/perfetto measure "  -j 2 (read-ahead)" "$records" "$mb" 0 \
    "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" -j 2
  OUT=$work/perfetto measure "  --format pftrace" "$records" "$mb" 8000000 \
    "$bin/sqtt-perfetto" "$trace" -o "$work/perfetto" --format pftrace -j 1
  measure sqtt-memory-trace "$records" "$mb" 8000000 \
    "$bin/sqtt-memory-trace" "$trace" -o "$work/addresses.json" -j 1
  measure "  --summary(-json)" "$records" "$mb" 0 "$bin/sqtt-memory-trace" "$trace" -o "$work/addresses.json" \
    --summary --summary-json "$work/summary.json" -j 1
  measure "  --heatmap" "$records" "$mb" 0 "$bin/sqtt-memory-trace" "$trace" -o "$work/addresses.json" \
    --heatmap "$work/heatmap.svg" -j 1
  measure sqtt-att "$records" "$mb" 0 "$bin/sqtt-att" "$trace"
  rm -rf "$trace" "$work/perfetto" "$work/addresses.json" "$work/summary.json" "$work/heatmap.svg"
  echo
}

for n in "${sizes[@]}"; do
  run_size "mixed (example kernels, 8192 waves)" "$n" "${mixed[@]}"
  run_size "kernel-like (1024 waves, 300 stacks 4-8 deep)" "$n" "${kernel_like[@]}"
done
