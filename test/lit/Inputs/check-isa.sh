#!/usr/bin/env bash
# check-isa.sh OBJECT - checks every trace instruction of a code object:
#   * each s_ttracedata is directly preceded by s_nop 0 (the plugin's m0 form
#     on every target) or, scoped, by the skip branch (s_cbranch_scc0 on gfx9
#     and gfx1200/gfx1201, s_cbranch_vccnz elsewhere): the wait state after
#     the m0 write, which the backend places before the trace asm;
#   * some instruction before it writes m0;
#   * no s_ttracedata_imm on gfx9 (the backend cannot select it there).
# Prints "isa: <total> traces (<N> m0, <M> imm)" and exits 1 on a violation.
set -euo pipefail
obj=$1
arch=$(llvm-readelf --file-header "$obj" | sed -n 's/.*EF_AMDGPU_MACH_AMDGCN_\(GFX[0-9A-F]*\).*/\1/p' | head -1)
llvm-objdump -d "$obj" | awk -v arch="$arch" '
  # Instruction lines start with a tab; keep the mnemonic and operands only.
  /^\t/ {
    line = $0; sub(/^\t/, "", line); sub(/[ \t]*\/\/.*$/, "", line)
    if (line ~ /^s_ttracedata_imm/) {
      imm++
      if (arch ~ /^GFX9/) { print "error: s_ttracedata_imm on " arch ": " line; bad = 1 }
    } else if (line ~ /^s_ttracedata$/) {
      m0++
      if (prev1 != "s_nop 0" && prev1 !~ /^s_cbranch_(scc0|vccnz) /) {
        print "error: s_ttracedata not preceded by s_nop 0 or a skip branch:"
        print "  " prev1; print "  " line
        bad = 1
      }
      if (!m0set) { print "error: s_ttracedata with no m0 value set before it"; bad = 1 }
    }
    if (line ~ /^s_(mov|movk|and|or)_[bi]32 m0, / || line ~ /^v_readfirstlane_b32 m0, /) m0set = 1
    prev1 = line
  }
  END {
    printf "isa: %d traces (%d m0, %d imm)\n", m0 + imm, m0, imm
    exit bad
  }'
