#!/usr/bin/env bash
# update-trace-goldens.sh [BUILD_DIR] - regenerates Golden/trace/* from the
# synthetic scenarios in Inputs/. Run only for a deliberate change of
# behaviour, and review the diff against the derivations in the scenarios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=$(cd "${1:-$root/build}" && pwd)/bin
out=$here/Golden/trace
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for s in worked-example.json reference-test.json every-rule.py; do
  name=${s%.*}
  python3 "$here/../Inputs/make-trace.py" "$here/Inputs/$s" "$work/$name"
  (cd "$work/$name" && "$bin/sqtt-flamegraph" . --no-kernel-frame --with-execs --no-svg > "$out/$name.folded" 2>/dev/null)
  (cd "$work/$name" && "$bin/sqtt-flamegraph" . --no-kernel-frame -f speedscope -o "$out/$name.speedscope.json" --no-svg >/dev/null 2>&1)
  (cd "$work/$name" && "$bin/sqtt-perfetto" . -o pf >/dev/null 2>&1 && for f in pf/*.perfetto.json; do cp "$f" "$out/$name.$(basename "$f")"; done)
done
(cd "$work/every-rule" && "$bin/sqtt-flamegraph" . --no-kernel-frame --demangle --no-svg > "$out/every-rule.demangled.folded" 2>/dev/null)
(cd "$work/every-rule" && "$bin/sqtt-flamegraph" . --no-kernel-frame --cu 2 --no-svg > "$out/every-rule.cu2.folded" 2>/dev/null)
(cd "$work/every-rule" && "$bin/sqtt-flamegraph" . --no-kernel-frame --simd 1 --wave 2 --no-svg > "$out/every-rule.simd1-wave2.folded" 2>/dev/null)
(cd "$work/every-rule" && "$bin/sqtt-memory-trace" . -o "$out/every-rule.memory.json" --summary-json "$out/every-rule.memory-summary.json" --summary 2> "$out/every-rule.memory-summary.txt" >/dev/null)
sed -i '/^sqtt-memory-trace: \(found\|loaded\|wrote\|done in\)/d' "$out/every-rule.memory-summary.txt"
# Per-scope statistics in every format.
(cd "$work/every-rule" && "$bin/sqtt-stats" . > "$out/every-rule.stats.txt" 2>/dev/null)
(cd "$work/every-rule" && "$bin/sqtt-stats" . --demangle -f csv > "$out/every-rule.stats.csv" 2>/dev/null)
(cd "$work/every-rule" && "$bin/sqtt-stats" . -f json -o "$out/every-rule.stats.json" 2>/dev/null)
# SVG options, and a differential SVG and folded diff (worked example against
# the every-rule trace's second directory as its baseline).
(cd "$work/worked-example" && "$bin/sqtt-flamegraph" . --no-kernel-frame --svg "$out/worked-example.options.svg" -o /dev/null \
   --title "Worked <example>" --subtitle "seed 1" --width 600 --minwidth 130 --colors mem --countname ticks \
   --inverted 2>/dev/null)
python3 "$here/../Inputs/make-trace.py" "$here/Inputs/worked-before.json" "$work/worked-before"
(cd "$work/worked-example" && "$bin/sqtt-flamegraph" . --no-kernel-frame --baseline "$work/worked-before" \
   --svg "$out/worked-example.diff.svg" > "$out/worked-example.diff.folded" 2>/dev/null)
echo "updated $(ls "$out" | wc -l) files in $out"
