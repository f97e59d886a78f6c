#!/usr/bin/env bash
# verify-test-objects.sh BUILD_DIR - runs sqtt-verify over every code object
# the lit suites built (BUILD_DIR/test/lit/**/Output) that carries a funcmap,
# two at a time. Left out: fixtures broken on purpose (they do not decode)
# and the verifier's own tests (isa/verify-*: hand-written findings, and the
# examples that test verifies itself). Prints the totals and every finding; exits 1 if there is any.
set -euo pipefail
build=$(cd "$1" && pwd)
verify=$build/bin/sqtt-verify decode=$build/bin/sqtt-decode-funcmap
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$build/test/lit" -path '*/Output/*' -not -path '*/isa/Output/verify-*' -type f \( -name '*.co' -o -name '*.o' \) \
  -size +0 | sort > "$work/all"
while read -r f; do
  "$decode" "$f" > /dev/null 2>&1 && echo "$f"
done < "$work/all" > "$work/objects"
n=$(wc -l < "$work/objects")
((n > 0)) || { echo "verify-test-objects: no code objects under $build/test/lit (run the lit suite first)"; exit 1; }
export verify work
tr '\n' '\0' < "$work/objects" | xargs -0 -P 2 -n 1 bash -c '
  f=$1 out=$work/$(echo "$1" | md5sum | cut -c1-16)
  "$verify" "$f" > "$out.findings" 2> "$out.summary"; echo $? > "$out.rc"' _
kernels=0 paths=0 bad=0
while read -r f; do
  out=$work/$(echo "$f" | md5sum | cut -c1-16)
  if [[ $(cat "$out.rc") != 0 ]]; then
    bad=$((bad + 1))
    cat "$out.findings" "$out.summary"
    continue
  fi
  line=$(tail -1 "$out.summary")
  [[ $line =~ :\ ([0-9]+)\ kernels?,.*\ ([0-9]+)\ paths\ in ]] && {
    kernels=$((kernels + BASH_REMATCH[1]))
    paths=$((paths + BASH_REMATCH[2]))
  }
done < "$work/objects"
echo "verify-test-objects: $n code objects, $kernels kernels, $paths paths: $bad with findings"
((bad == 0))
