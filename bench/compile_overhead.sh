#!/usr/bin/env bash
# compile_overhead.sh [BUILD_DIR] [REPEAT] - compile-time cost of the plugin.
# Compiles every example for gfx942 and gfx1201 at -O2, REPEAT times each,
# without the plugin, with it but markers off (SQTT_ENABLED=0), and with
# markers on; prints the mean wall time per compile, the overhead, and the
# peak RSS of the compiler. Then everything on, on the largest example and
# on a generated 2,000-function module.
set -euo pipefail
. "$(dirname "$0")/common.sh"
repeat=${2:-5}

hip=("$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2
     -I"$root/include/rocprof_trace_decoder/cxx" -I"$root/examples")

# run_mode NAME EXTRA... -> prints "mean_ms peak_kb" over all compiles
run_mode() {
  local total_ms=0 peak=0 n=0
  for gfx in gfx942 gfx1201; do
    for src in "$root"/examples/*.hip; do
      for ((i = 0; i < repeat; i++)); do
        local t0 t1 rss
        t0=$(date +%s%N)
        rss=$( { /usr/bin/time -f '%M' "${hip[@]}" --offload-arch=$gfx "$@" -c "$src" -o "$work/o.o" >/dev/null; } 2>&1 | tail -1)
        t1=$(date +%s%N)
        total_ms=$((total_ms + (t1 - t0) / 1000000))
        ((rss > peak)) && peak=$rss
        n=$((n + 1))
      done
    done
  done
  echo "$((total_ms / n)) $peak"
}

read -r base_ms base_kb < <(run_mode)
read -r off_ms off_kb < <(run_mode -fpass-plugin="$plugin" -DSQTT_ENABLED=0)
read -r on_ms on_kb < <(run_mode -fpass-plugin="$plugin" -DSQTT_ENABLED=1)

printf '%-28s %10s %10s %12s\n' "mode (examples, -O2)" "ms/compile" "overhead" "peak RSS MB"
printf '%-28s %10d %10s %12.1f\n' "no plugin" "$base_ms" "-" "$(echo "$base_kb/1024" | bc -l)"
printf '%-28s %10d %9.1f%% %12.1f\n' "plugin, markers off" "$off_ms" "$(echo "100*($off_ms-$base_ms)/$base_ms" | bc -l)" "$(echo "$off_kb/1024" | bc -l)"
printf '%-28s %10d %9.1f%% %12.1f\n' "plugin, markers on" "$on_ms" "$(echo "100*($on_ms-$base_ms)/$base_ms" | bc -l)" "$(echo "$on_kb/1024" | bc -l)"

# Everything on, on the largest example and on a generated 2,000-function
# module: wall time of one compile (mean of REPEAT for the example, one for
# the module), overhead against no plugin, and the compiler's peak RSS.
bash "$root/bench/gen_module.sh" 2000 > "$work/module2000.hip"
all=(SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=1:0)
addresses=(SQTT_INSTRUMENT_FUNCTIONS=1 SQTT_INSTRUMENT_BARRIERS=1 SQTT_TRACE_ADDRESSES=memory,lds)
# compile_ms SRC GFX TIMES [ENV...] -> "mean_ms peak_kb"; with ENV the plugin is loaded
compile_ms() {
  local src=$1 gfx=$2 times=$3 total=0 peak=0 i
  shift 3
  local plugin_args=()
  (($#)) && plugin_args=(-fpass-plugin="$plugin" -DSQTT_ENABLED=1)
  for ((i = 0; i < times; i++)); do
    local t0 t1 rss
    t0=$(date +%s%N)
    rss=$( { env "$@" /usr/bin/time -f '%M' "${hip[@]}" --offload-arch="$gfx" "${plugin_args[@]}" \
             -c "$src" -o "$work/o.o" >/dev/null; } 2>&1 | tail -1)
    t1=$(date +%s%N)
    total=$((total + (t1 - t0) / 1000000))
    ((rss > peak)) && peak=$rss
  done
  echo "$((total / times)) $peak"
}
echo
printf '%-30s %-8s %10s %16s %16s %14s\n' "everything on, -O2" target "no plugin" "+ memory markers" "+ address trace" "peak RSS MB"
for input in "examples/nested_markers.hip:$repeat" "module2000.hip:1"; do
  src=${input%%:*} times=${input##*:}
  [[ $src == module2000.hip ]] && path=$work/$src label="2,000-function module" || path=$root/$src label="largest example ($(basename "$src"))"
  for gfx in gfx942 gfx1201; do
    read -r b_ms b_kb < <(compile_ms "$path" "$gfx" "$times")
    read -r m_ms m_kb < <(compile_ms "$path" "$gfx" "$times" "${all[@]}")
    read -r a_ms a_kb < <(compile_ms "$path" "$gfx" "$times" "${addresses[@]}")
    awk -v l="$label" -v g="$gfx" -v b="$b_ms" -v m="$m_ms" -v a="$a_ms" -v bk="$b_kb" -v mk="$m_kb" -v ak="$a_kb" 'BEGIN {
      pk = mk > ak ? mk : ak
      printf "%-30s %-8s %8d ms %8d ms %+5.0f%% %8d ms %+5.0f%% %6.0f / %-6.0f\n", l, g, b, m, 100 * (m - b) / b,
             a, 100 * (a - b) / b, bk / 1024, pk / 1024 }'
  done
done
echo "(memory markers: SQTT_INSTRUMENT_FUNCTIONS=1, BARRIERS=1, MEMORY=1:0; address trace: the same with"
echo " TRACE_ADDRESSES=memory,lds instead of MEMORY. Default scope and fence boundaries. The pass itself"
echo " takes under 1% of the compile; the rest is the backend compiling the added code.)"
