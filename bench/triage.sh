#!/usr/bin/env bash
# triage.sh [BUILD_DIR] [RECORDS] - sqtt-triage's cost against sqtt-stats's
# on one simulated trace of about RECORDS records (default 10M): the example
# kernels' function and user scopes, barriers and address traces (gfx942,
# 4 shader engines, 16384 waves), following their code (sqtt-synth's
# default: the records a capture of these kernels holds, so the completeness
# check matches them as it would a real capture's), loops run as often as
# it takes to reach RECORDS. Both on one thread, in turn, RUNS times
# (default 5); each row gives the median run's seconds, CPU seconds (user +
# system), records per CPU second and peak RSS, and sqtt-triage's CPU over
# sqtt-stats's (target: 1.5x at most). sqtt-triage does everything sqtt-stats does, and also reads the
# address traces, checks every wave against its kernel's code (the ISA
# model's record automaton, as sqtt-verify --trace) and estimates the
# markers' share of each scope.
set -euo pipefail
source "$(dirname "$0")/common.sh"
records=${2:-10000000}
bin=$build/bin
bench_needs /usr/bin/time "$bin/sqtt-synth" "$bin/sqtt-stats" "$bin/sqtt-triage" "$plugin"

mkdir -p "$work/co"
SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/nested_markers.hip" -o "$work/co/nested_code_object_id_1.co"
SQTT_TRACE_ADDRESSES=memory,lds SQTT_SCOPE_CU=-1 \
  hipcc --offload-arch=gfx942 -c "$root/examples/reduction.hip" -o "$work/co/reduction_code_object_id_2.co"
shape=(-c "$work"/co/*.co --shader-engines 4 --cus 16 --simds 4 --waves-per-simd 8 --relaunches 3
  --seed 1 --priv-percent 0 --compact --exact-trips)
calibration=$("$bin/sqtt-synth" "${shape[@]}" --loop-trips 8 -o "$work/calibrate" 2>&1 >/dev/null |
  sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p')
rm -rf "$work/calibrate"
"$bin/sqtt-synth" "${shape[@]}" --loop-trips $(((records * 8 + calibration - 1) / calibration)) \
  -o "$work/trace" > /dev/null 2> "$work/synth.log" || { cat "$work/synth.log" >&2; exit 1; }
n=$(sed -n 's/.*wrote \([0-9]*\) simulated records.*/\1/p' "$work/synth.log")

# measure NAME CMD... -> appends "seconds cpu peak-KB" of one run to $work/NAME.runs
measure() {
  local name=$1
  shift
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > /dev/null 2> "$work/stderr" ||
    { echo "bench: $name failed:" >&2; cat "$work/stderr" >&2; exit 1; }
  awk '{ c = $2 + $3; if (c < 0.01) c = 0.01; print $1, c, $4 }' "$work/time" >> "$work/${name// /_}.runs"
}

# row NAME -> prints the median run's row; last_cpu is its CPU seconds
row() {
  local name=$1 secs cpu kb
  read -r secs cpu kb < <(sort -g -k2 "$work/${name// /_}.runs" | awk '{ r[NR] = $0 } END { print r[int((NR + 1) / 2)] }')
  awk -v t="$name" -v n="$n" -v s="$secs" -v c="$cpu" -v kb="$kb" 'BEGIN {
    printf "%-24s %9.2f %9.2f %12.0f %10.0f\n", t, s, c, n / c, kb / 1024 }'
  last_cpu=$cpu
}

# The tools run in turn, RUNS times (the machine's speed drifts), and each
# row is the run of median CPU time.
runs=${RUNS:-5}
for ((i = 0; i < runs; i++)); do
  measure sqtt-stats "$bin/sqtt-stats" "$work/trace" -j 1
  measure sqtt-triage "$bin/sqtt-triage" "$work/trace" -j 1
  measure "sqtt-triage -f json" "$bin/sqtt-triage" "$work/trace" -j 1 -f json
done
echo "sqtt-triage against sqtt-stats, $n records, median of $runs runs (load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-24s %9s %9s %12s %10s\n' tool seconds "CPU s" "rec/CPU s" "peak RSS MB"
row sqtt-stats
stats=$last_cpu
row sqtt-triage
row "sqtt-triage -f json"
awk -v s="$stats" -v t="$last_cpu" 'BEGIN { r = t / s;
  printf "sqtt-triage takes %.2fx the CPU of sqtt-stats: %s 1.5x\n", r, (r <= 1.5 ? "meets" : "MISSES") }'
