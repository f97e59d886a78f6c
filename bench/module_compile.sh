#!/usr/bin/env bash
# module_compile.sh [BUILD_DIR] [ROUNDS] - compile time of the shared reference
# module (../shared/bench/gen.py) on gfx942 at -O2 -c with the plugin
# (SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=2:5,
# default scope) against no plugin: medians of ROUNDS interleaved rounds of
# the compiler's CPU time (user + system; wall time is shown too but moves
# with the load of a shared machine), next to the reference figures.
set -euo pipefail
. "$(dirname "$0")/common.sh"
bench_needs "$shared/gen.py" /usr/bin/time
rounds=${2:-5}
python3 "$shared/gen.py" -o "$work/mod.hip"
hip=("$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output -O2 -c
     --offload-arch=gfx942 "$work/mod.hip" -o "$work/mod.o")
# one [ENV...] -> "cpu_s wall_s" of one compile; with ENV the plugin is loaded
one() {
  local args=()
  (($#)) && args=(-fpass-plugin="$plugin")
  env "$@" /usr/bin/time -f '%U %S %e' "${hip[@]}" "${args[@]}" 2>&1 >/dev/null | tail -1 |
    awk '{printf "%.2f %.2f\n", $1 + $2, $3}'
}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
: > "$work/plain" ; : > "$work/plugin"
for ((i = 0; i < rounds; i++)); do
  one >> "$work/plain"
  one SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1 SQTT_INSTRUMENT_MEMORY=2:5 >> "$work/plugin"
done
pc=$(cut -d' ' -f1 "$work/plain" | median); pw=$(cut -d' ' -f2 "$work/plain" | median)
mc=$(cut -d' ' -f1 "$work/plugin" | median); mw=$(cut -d' ' -f2 "$work/plugin" | median)
echo "compile time, shared module, gfx942 -O2 -c, medians of $rounds interleaved rounds (load average $(cut -d' ' -f1 /proc/loadavg))"
printf '%-44s %10s %10s %8s %12s\n' mode "CPU s" "wall s" ratio "(reference)"
printf '%-44s %10.2f %10.2f %8s %12s\n' "no plugin" "$pc" "$pw" "-" "-"
awk -v pc="$pc" -v mc="$mc" -v mw="$mw" 'BEGIN {
  printf "%-44s %10.2f %10.2f %7.2fx %12s\n", "FUNCTIONS=10 BARRIERS=1 MEMORY=2:5", mc, mw, mc / pc, "(1.74x)" }'
echo "(target <= 1.35x; reference plugin 1.74x; this project 1.65x before its trace asm took inputs instead of outputs)"
