#!/usr/bin/env bash
# raw_att.sh [BUILD_DIR] [RECORDS] - reading the raw .att files (D32) against
# reading the JSON rocprofv3 decodes from them, on one simulated trace of
# about RECORDS records (default 10M) written both ways by sqtt-synth --att
# (gfx1201 stream layout: the example kernels' user scopes and barriers, 4
# shader engines, 8192 waves). Rows: the reader alone over every .att file
# (sqtt-dump-att --counts: MB of .att per CPU second, target 300 MB/s), then
# sqtt-stats and sqtt-flamegraph from JSON and from .att on one thread, with
# the speedup of .att over JSON (target 3x). Peak RSS in MB.
set -euo pipefail
source "$(dirname "$0")/common.sh"
records=${2:-10000000}
bin=$build/bin
bench_needs /usr/bin/time "$bin/sqtt-synth" "$bin/sqtt-dump-att" "$plugin"

mkdir -p "$work/co"
SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx1201 -c "$root/examples/nested_markers.hip" -o "$work/co/nested_code_object_id_1.co"
SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx1201 -c "$root/examples/matmul_tiled.hip" -o "$work/co/matmul_code_object_id_2.co"
shape=(--random -c "$work"/co/*.co --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 8 --relaunches 3
  --seed 1 --priv-percent 0)
calibration=$("$bin/sqtt-synth" "${shape[@]}" --events-per-wave 50 -o "$work/calibrate" 2>&1 >/dev/null |
  sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p')
rm -rf "$work/calibrate"
"$bin/sqtt-synth" "${shape[@]}" --events-per-wave $(((records * 50 + calibration - 1) / calibration)) \
  -o "$work/trace" --att > /dev/null 2> "$work/synth.log" || { cat "$work/synth.log" >&2; exit 1; }
n=$(sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p' "$work/synth.log")
att_mb=$(du -cm --apparent-size "$work"/trace/synthetic-host/*.att | tail -1 | cut -f1)
json_mb=$(du -cm --apparent-size "$work"/trace/ui_*/shaderdata_*.json "$work"/trace/ui_*/occupancy.json |
  tail -1 | cut -f1)

# run NAME MB CMD... -> "seconds cpu_seconds peak_mb"; prints the row
row() {
  local name=$1 mb=$2
  shift 2
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
    { echo "bench: $name failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  read -r secs user sys kb < "$work/time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { c = u + s; if (c < 0.01) c = 0.01; print c }')
  awk -v t="$name" -v n="$n" -v mb="$mb" -v s="$secs" -v c="$cpu" -v kb="$kb" 'BEGIN {
    printf "%-28s %9d %9.2f %9.2f %12.0f %10.0f %10.0f\n", t, mb, s, c, n / c, mb / c, kb / 1024 }'
  last_cpu=$cpu
}

echo "raw .att against JSON, $n records (load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-28s %9s %9s %9s %12s %10s %10s\n' step "MB input" seconds "CPU s" "rec/CPU s" "MB/CPU s" "peak RSS MB"
row "sqtt-dump-att --counts" "$att_mb" "$bin/sqtt-dump-att" --counts "$work"/trace/synthetic-host/*.att
reader=$last_cpu
for tool in sqtt-stats sqtt-flamegraph; do
  extra=()
  [[ $tool == sqtt-flamegraph ]] && extra=(--no-svg)
  row "$tool (JSON)" "$json_mb" "$bin/$tool" "$work/trace" --from json -j 1 "${extra[@]}"
  json_cpu=$last_cpu
  row "$tool (.att)" "$att_mb" "$bin/$tool" "$work/trace" --from att -j 1 "${extra[@]}"
  awk -v j="$json_cpu" -v a="$last_cpu" 'BEGIN { r = j / a;
    printf "  .att is %.1fx faster than JSON: %s 3x\n", r, (r >= 3 ? "meets" : "MISSES") }'
done
awk -v mb="$att_mb" -v c="$reader" 'BEGIN { r = mb / c;
  printf "reader: %.0f MB of .att per CPU second: %s 300 MB/s\n", r, (r >= 300 ? "meets" : "MISSES") }'
