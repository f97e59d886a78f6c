#!/usr/bin/env bash
# module_cost.sh [BUILD_DIR] - instructions added per marker on the shared
# reference module (../shared/bench/gen.py: seed 12, 400 device functions,
# SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1, -O2 -S), unscoped
# (SQTT_SCOPE_CU=-1) and with the default scope filter, on gfx942, gfx1100 and
# gfx1201, counted by ../shared/bench/count.py, next to the reference figures
# of ../shared/bench/README.md; the .text bytes of each build; and what keeping
# each scope's work before its exit costs (the same builds with
# SQTT_CONTAIN_SCOPES=0, unscoped and scoped).
set -euo pipefail
. "$(dirname "$0")/common.sh"
bench_needs "$shared/gen.py" "$shared/count.py"
python3 "$shared/gen.py" -o "$work/mod.hip"
hip=("$llvm/clang" -x hip -nogpuinc -nogpulib --cuda-device-only -O2 -S)
markers=(SQTT_INSTRUMENT_FUNCTIONS=10 SQTT_INSTRUMENT_BARRIERS=1)
declare -A ref_un=([gfx942]=3.34 [gfx1100]=2.19 [gfx1201]=2.35)
declare -A ref_sc=([gfx942]=6.75 [gfx1100]=5.81 [gfx1201]=6.65)

# build GFX NAME [ENV...] -> NAME.s and NAME.o (text bytes) in $work
build() {
  local gfx=$1 name=$2
  shift 2
  local plugin_args=()
  (($#)) && plugin_args=(-fpass-plugin="$plugin")
  env "$@" "${hip[@]}" --offload-arch="$gfx" "${plugin_args[@]}" "$work/mod.hip" -o "$work/$name.s"
  "$llvm/clang" -x assembler -target amdgcn-amd-amdhsa -mcpu="$gfx" -c "$work/$name.s" -o "$work/$name.o"
}
# Section size in hex, converted by the shell (Debian's awk is mawk: no strtonum).
# (The name is not always field 2: "[ 2]" splits in two.)
text_bytes() { echo $((16#$("$llvm/llvm-readelf" -S -W "$1" | awk '{for (i = 1; i < NF; i++) if ($i == ".text") { print $(i + 4); exit }}'))); }

echo "instructions added per marker, shared module (seed 12, 400 functions, FUNCTIONS=10 BARRIERS=1, -O2)"
printf '%-8s %8s %9s %10s %9s %10s %11s %12s %12s %9s %9s\n' target markers unscoped "(ref)" scoped "(ref)" "scoped-un" ".text B un" ".text B sc" "ties un" "ties sc"
for gfx in gfx942 gfx1100 gfx1201; do
  build "$gfx" base
  build "$gfx" un "${markers[@]}" SQTT_SCOPE_CU=-1
  build "$gfx" sc "${markers[@]}"
  build "$gfx" un-nc "${markers[@]}" SQTT_SCOPE_CU=-1 SQTT_CONTAIN_SCOPES=0
  build "$gfx" sc-nc "${markers[@]}" SQTT_CONTAIN_SCOPES=0
  read -r b _ < <(python3 "$shared/count.py" "$work/base.s")
  read -r u um _ < <(python3 "$shared/count.py" "$work/un.s")
  read -r s sm _ < <(python3 "$shared/count.py" "$work/sc.s")
  read -r unc _ < <(python3 "$shared/count.py" "$work/un-nc.s")
  read -r snc _ < <(python3 "$shared/count.py" "$work/sc-nc.s")
  awk -v g="$gfx" -v b="$b" -v u="$u" -v um="$um" -v s="$s" -v sm="$sm" -v ru="${ref_un[$gfx]}" \
      -v rs="${ref_sc[$gfx]}" -v tb="$(text_bytes "$work/base.o")" -v tu="$(text_bytes "$work/un.o")" \
      -v ts="$(text_bytes "$work/sc.o")" -v unc="$unc" -v snc="$snc" 'BEGIN {
    printf "%-8s %8d %9.2f %10s %9.2f %10s %+11.2f %+12d %+12d %+9.2f %+9.2f\n", g, sm, (u - b) / um,
           "(" ru ")", (s - b) / sm, "(" rs ")", (s - b) / sm - (u - b) / um, tu - tb, ts - tb,
           (u - unc) / um, (s - snc) / sm }'
done
echo "(scoped-un: the scope filter's cost per marker, target <= 1.5; .text B: bytes added to .text;"
echo " ties: instructions per marker that keeping each scope's work before its exit costs)"
