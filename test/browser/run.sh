#!/usr/bin/env bash
# run.sh [BUILD_DIR] - the real-viewer tests: builds a synthetic trace, runs
# the tools on it, and checks the outputs in headless Chromium (flamegraph
# SVG interactions; speedscope importing our speedscope file and Chrome JSON,
# a simulated trace's Chrome JSON against its ground truth; the differential
# SVG's colours by sign).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
[[ -x /usr/bin/chromium ]] || { echo "browser tests: /usr/bin/chromium missing (run scripts/bootstrap.sh)" >&2; exit 1; }
if [[ ! -d $here/node_modules/playwright-core || ! -d $here/node_modules/speedscope ]]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The worked example's numbers are the reference's: without the kernel frame.
python3 "$root/test/lit/Inputs/make-trace.py" "$root/test/lit/tools/Inputs/worked-example.json" "$work/trace"
python3 "$root/test/lit/Inputs/make-trace.py" "$root/test/lit/tools/Inputs/worked-before.json" "$work/before"
(cd "$work" && "$build/bin/sqtt-flamegraph" trace --no-kernel-frame -o flame.svg > /dev/null 2>&1)
(cd "$work" && "$build/bin/sqtt-flamegraph" trace --no-kernel-frame -f speedscope -o profile.speedscope.json --no-svg > /dev/null 2>&1)
(cd "$work" && "$build/bin/sqtt-flamegraph" trace --no-kernel-frame --baseline before --svg diff.svg > /dev/null 2>&1)
"$build/bin/sqtt-perfetto" "$work/trace" -o "$work/pf" > /dev/null 2>&1
# A simulated trace with ground truth: the worked example's markers plus a
# data marker, on two shader engines.
python3 "$root/test/lit/Inputs/make-trace.py" "$here/synth-code-object.json" "$work/co"
"$build/bin/sqtt-synth" --random -c "$work"/co/synthetic-host/*_code_object_id_2.out -o "$work/synth" --seed 7 \
  --shader-engines 2 --cus 1 --simds 2 --waves-per-simd 2 --relaunches 1 --events-per-wave 80 > /dev/null 2>&1
# The simulated trace through --merge: speedscope reads the merged file the
# way it reads one directory's, against the same truth.
"$build/bin/sqtt-perfetto" "$work/synth" --merge -o "$work/synth-pf" > /dev/null 2>&1
# The memory heatmap of a scenario with address traces of every kind.
python3 "$root/test/lit/Inputs/make-trace.py" "$root/test/lit/tools/Inputs/every-rule.py" "$work/every"
"$build/bin/sqtt-memory-trace" "$work/every" -o /dev/null --heatmap "$work/heatmap.svg" > /dev/null 2>&1
# Names as users have them (long templates, function-local statics), as
# written and demangled, and the demo's own picture.
python3 "$root/test/lit/Inputs/make-trace.py" "$root/test/lit/tools/Inputs/long-object-names.py" "$work/long"
"$build/bin/sqtt-memory-trace" "$work/long" -o /dev/null --heatmap "$work/long-mangled.svg" > /dev/null 2>&1
"$build/bin/sqtt-memory-trace" "$work/long" -o /dev/null --demangle --heatmap "$work/long-demangled.svg" > /dev/null 2>&1
node "$here/run-tests.mjs" "$work/flame.svg" "$work/profile.speedscope.json" \
  "$work/pf/ui_output_agent_1_dispatch_1.perfetto.json" "A,B,C,kern,code_object_2 (gfx942)" A,B,C \
  "$work/synth-pf/merged.perfetto.json" "$work/synth/truth_events.txt" 0 "$work/diff.svg" "$work/heatmap.svg" \
  "$work/long-mangled.svg" "$work/long-demangled.svg"
