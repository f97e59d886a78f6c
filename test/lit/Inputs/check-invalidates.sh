#!/usr/bin/env bash
# check-invalidates.sh BASELINE INSTRUMENTED - the markers must not add cache
# invalidations: compares the counts of global_inv, buffer_gl0_inv,
# buffer_inv and buffer_wbinvl1* between two code objects of one source.
set -euo pipefail
count() {
  llvm-objdump -d "$1" | grep -cE "^\s+$2\b" || true
}
status=0
for insn in global_inv buffer_gl0_inv buffer_inv 'buffer_wbinvl1(_vol)?'; do
  base=$(count "$1" "$insn")
  inst=$(count "$2" "$insn")
  if [ "$inst" -gt "$base" ]; then
    echo "error: $insn: $base without markers, $inst with markers"
    status=1
  fi
done
[ $status -eq 0 ] && echo "invalidates: none added"
exit $status
