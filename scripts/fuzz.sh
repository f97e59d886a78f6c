#!/usr/bin/env bash
# fuzz.sh BUILD_DIR [SECONDS] [TARGET...] - runs each libFuzzer target of a
# -DSQTT_FUZZ=ON build for SECONDS (default 60) on its seed corpus plus what
# earlier runs found (.cache/fuzz/<target>/). With FUZZ_RUNS=N each target
# stops after N executions instead (SECONDS still caps it; 0 = no cap). A crashing input is written to
# .cache/fuzz/artifacts/ and the run fails: fix it, then keep the input in
# fuzz/regressions/<target>/ so that ctest replays it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
seconds=${2:-60}
shift 2 || shift $#
targets=("$@")
((${#targets[@]})) || targets=(FuzzFuncmap FuzzCodeObjects FuzzShaderData FuzzOccupancy FuzzTraceAnalysis FuzzAttStep FuzzRawAtt)
cache=$root/.cache/fuzz
mkdir -p "$cache/artifacts"
status=0
printf '%-20s %14s %10s %12s  %s\n' target executions seconds "exec/s" result
for t in "${targets[@]}"; do
  mkdir -p "$cache/$t"
  log=$cache/$t.log
  limits=(-max_total_time="$seconds")
  if [[ -n ${FUZZ_RUNS:-} ]]; then limits+=(-runs="$FUZZ_RUNS"); fi
  start=$SECONDS
  if "$build/bin/$t" "${limits[@]}" -print_final_stats=1 -rss_limit_mb=4096 \
       -artifact_prefix="$cache/artifacts/$t-" "$cache/$t" "$root/fuzz/corpus/$t" > "$log" 2>&1; then
    result=ok
  else
    result="FOUND A CRASH (see $log and $cache/artifacts/)"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  awk -v t="$t" -v r="${runs:-0}" -v s="$((SECONDS - start))" -v res="$result" 'BEGIN {
    if (s < 1) s = 1;
    printf "%-20s %14d %10d %12.0f  %s\n", t, r, s, r / s, res }'
done
exit $status
