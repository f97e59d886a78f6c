#!/usr/bin/env bash
# marker_cost.sh [BUILD_DIR] - instructions the plugin adds per marker in the
# final ISA, per marker mode and target. A kernel with K markers between K
# volatile stores is lowered with llc -O2; the count of machine instructions
# minus that of the same kernel without markers, divided by K, is the cost
# of one marker. Scoped mode also pays one scope check per function, which is
# shared by the K markers (shown separately as the cost with K = 1).
set -euo pipefail
. "$(dirname "$0")/common.sh"
targets=(gfx90a gfx942 gfx1030 gfx1100 gfx1200 gfx1201 gfx1250)

# kernel_ir KIND K -> IR of a kernel with K markers of KIND (none, named, raw)
kernel_ir() {
  local kind=$1 k=$2 i
  echo 'declare void @__sqtt_named_marker_point(ptr)'
  echo 'declare void @llvm.amdgcn.s.ttracedata(i32)'
  for ((i = 0; i < k; i++)); do
    printf '@.n%d = private unnamed_addr constant [4 x i8] c"m%02d\\00"\n' "$i" "$i"
  done
  echo 'define amdgpu_kernel void @k(ptr addrspace(1) %p) {'
  for ((i = 0; i < k; i++)); do
    case $kind in
      named) echo "  call void @__sqtt_named_marker_point(ptr @.n$i)" ;;
      raw) echo "  call void @llvm.amdgcn.s.ttracedata(i32 $(((4096 + i) * 4)))" ;;
    esac
    echo "  store volatile i32 $i, ptr addrspace(1) %p"
  done
  echo '  ret void'
  echo '}'
}

# instructions GFX FILE.ll [ENV...] -> machine instructions in the kernel body
instructions() {
  local gfx=$1 ir=$2
  shift 2
  env "$@" "$llvm/opt" -load-pass-plugin="$plugin" -mtriple=amdgcn-amd-amdhsa -mcpu="$gfx" \
    -passes=sqtt-late "$ir" -o "$work/out.bc"
  "$llvm/llc" -O2 -mtriple=amdgcn-amd-amdhsa -mcpu="$gfx" "$work/out.bc" -o - |
    awk '/^k:/ {body = 1; next} /^[ \t]*\.Lfunc_end/ {body = 0}
         body && /^[ \t]*[a-z][a-z0-9_]*([ \t]|$)/ {n++} END {print n + 0}'
}

K=32
kernel_ir none $K > "$work/none.ll"
kernel_ir named $K > "$work/named.ll"
kernel_ir raw $K > "$work/raw.ll"
kernel_ir none 1 > "$work/none1.ll"
kernel_ir named 1 > "$work/named1.ll"

unscoped=(SQTT_SCOPE_CU=-1)
printf 'instructions per marker (K = %d markers per kernel; llc -O2)\n' "$K"
printf '%-9s %14s %10s %10s %10s %18s\n' target "imm + none" fence m0-path scoped "scoped, K = 1"
for gfx in "${targets[@]}"; do
  base=$(instructions "$gfx" "$work/none.ll")
  base1=$(instructions "$gfx" "$work/none1.ll")
  imm=$(instructions "$gfx" "$work/named.ll" "${unscoped[@]}" SQTT_MEM_BARRIER=none)
  fence=$(instructions "$gfx" "$work/named.ll" "${unscoped[@]}" SQTT_MEM_BARRIER=fence)
  m0=$(instructions "$gfx" "$work/raw.ll" "${unscoped[@]}" SQTT_MEM_BARRIER=none)
  scoped=$(instructions "$gfx" "$work/named.ll" SQTT_MEM_BARRIER=none)
  scoped1=$(instructions "$gfx" "$work/named1.ll" SQTT_MEM_BARRIER=none)
  awk -v g="$gfx" -v b="$base" -v b1="$base1" -v i="$imm" -v f="$fence" -v m="$m0" \
      -v s="$scoped" -v s1="$scoped1" -v k="$K" 'BEGIN {
    printf "%-9s %14.2f %10.2f %10.2f %10.2f %18d\n", g, (i - b) / k, (f - b) / k,
           (m - b) / k, (s - b) / k, s1 - b1 }'
done
echo "(gfx9 has no s_ttracedata_imm: its imm + none column is the m0 path with a constant.)"
