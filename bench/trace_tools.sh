#!/usr/bin/env bash
# trace_tools.sh [BUILD_DIR] [RECORDS...] - throughput and peak memory of the
# trace tools on synthetic traces (default 1M and 10M records, 4 shader
# engines, 8192 waves). Prints a table; generated traces are cached in
# .cache/bench/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
sizes=("${@:-1000000 10000000}")
read -r -a sizes <<< "${sizes[*]}"
cache=$root/.cache/bench
mkdir -p "$cache"

printf '%-16s %10s %10s %12s %12s %12s %12s\n' tool records "MB input" seconds "records/s" "MB/s" "peak RSS MB"
for n in "${sizes[@]}"; do
  dir=$cache/trace-$n
  if [[ ! -f $dir/.done ]]; then
    rm -rf "$dir"
    "$build/bin/sqtt-bench-gen" "$dir" "$n" 4 2048
    touch "$dir/.done"
  fi
  mb=$(du -sm --apparent-size "$dir/ui_output_agent_1_dispatch_1" | cut -f1)
  largest=$(ls -l "$dir"/ui_output_agent_1_dispatch_1/shaderdata_*.json | awk '{print $5}' | sort -n | tail -1)
  for tool in sqtt-flamegraph sqtt-perfetto; do
    args=("$dir")
    [[ $tool == sqtt-flamegraph ]] && args+=(--no-svg)
    [[ $tool == sqtt-perfetto ]] && args+=(-o "$cache/out-$n")
    /usr/bin/time -f '%e %M' -o "$cache/time" "$build/bin/$tool" "${args[@]}" > /dev/null 2> "$cache/stderr" ||
      { cat "$cache/stderr"; exit 1; }
    read -r secs kb < "$cache/time"
    awk -v t="$tool" -v n="$n" -v mb="$mb" -v s="$secs" -v kb="$kb" -v big="$largest" 'BEGIN {
      if (s < 0.01) s = 0.01;
      printf "%-16s %10d %10d %12.2f %12.0f %12.0f %12.0f  (largest shaderdata file %.0f MB)\n",
             t, n, mb, s, n / s, mb / s, kb / 1024, big / 1048576 }'
  done
done
