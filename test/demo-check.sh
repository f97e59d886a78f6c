#!/usr/bin/env bash
# demo-check.sh BUILD_DIR - runs the demo into a temporary directory and
# checks that every output exists, is not empty and is valid in its format,
# and that the outputs the README and docs/TOOLS.md quote are its own.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out" "$out.log"' EXIT
DEMO_OUT=$out "$root/scripts/demo.sh" "$build" > "$out.log" 2>&1 || { cat "$out.log"; exit 1; }
validate=$root/test/lit/Inputs/validate-output.py
python3 "$validate" svg "$out/flamegraph.svg"
python3 "$validate" folded "$out/stacks.folded"
python3 "$validate" speedscope "$out/profile.speedscope.json"
python3 "$validate" svg "$out/diff.svg"
grep -q 'data-delta=' "$out/diff.svg"
awk 'NF < 3 || $(NF) !~ /^[0-9]+$/ || $(NF-1) !~ /^[0-9]+$/ { exit 1 }' "$out/diff.folded" && test -s "$out/diff.folded"
grep -q '^kernel  *scope  *kind  *count  *total_cycles' "$out/stats.txt"
# D25: the kernel's own time is a frame (a stack of code object and kernel
# only), and the statistics start with the kernel rows.
grep -Eq '^code_object_[0-9]+ \([^;]*\);[^;]+ [0-9]+$' "$out/stacks.folded"
sed -n 2p "$out/stats.txt" | grep -q ' (waves)  *kernel '

for f in "$out"/perfetto/*.perfetto.json; do python3 "$validate" chrome "$f"; done
# --merge: one file holding every directory's dispatches.
python3 "$validate" chrome "$out/perfetto-merged/merged.perfetto.json"
test "$(python3 -c "import json,sys; print(len({e['pid'] for e in json.load(open(sys.argv[1]))['traceEvents'] if e.get('name') == 'process_name'}))" "$out/perfetto-merged/merged.perfetto.json")" -ge 2
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d, 'no address traces'; print(f'memory ok: {len(d)} traces')" "$out/addresses.json"
python3 "$root/test/lit/Inputs/check-memory-lanes.py" "$out/addresses.json"
# Built with -gline-tables-only: every summary row names its source line.
python3 -c "import json,sys; rows=json.load(open(sys.argv[1])); assert rows and all(r['source'] for r in rows), 'summary rows without source'; print(f'summary ok: {len(rows)} rows with source lines')" "$out/memory-summary.json"
if grep -q 'no source locations' "$out.log"; then echo "demo: the summary lacks source lines" >&2; exit 1; fi
for co in "$out"/code_objects/*.co; do "$build/bin/sqtt-decode-funcmap" "$co" > /dev/null 2>&1; done
grep -q '"markers_decoded": true' "$out"/trace/ui_output_agent_1_dispatch_1/code.json
grep -q 'simulated' "$out"/trace/ui_output_agent_1_dispatch_1/shaderdata_0_0.json
echo "demo ok"
# The outputs the README's first hour and docs/TOOLS.md's "Finding a hotspot"
# quote are what their commands print on this demo: a drift fails here.
python3 "$root/test/lit/Inputs/check-walkthrough.py" "$build" "$out" "$root/README.md" "$root/docs/TOOLS.md"
# The story docs/TOOLS.md's "Finding a hotspot" tells, on the demo's own trace: wave_reduce
# does no global memory, little of it is LDS, and its cycles are the per-lane
# address trace of the shuffle (hip_minimal.h:48) the demo compiles in.
"$build/bin/sqtt-stats" "$out/trace" --instructions -f json -o "$out/instructions.json" 2>/dev/null
python3 - "$out/instructions.json" <<'PY'
import json, sys
row = next(r for r in json.load(open(sys.argv[1])) if r["scope"] == "wave_reduce")
cats = row["categories"]
assert "FLAT" not in cats and "VMEM" not in cats, f"wave_reduce has memory instructions: {sorted(cats)}"
assert 0 < cats["LDS"]["cycles"] < row["cycles"] / 10, "LDS is not a small share of wave_reduce"
top = row["top_source"][0]
assert top["source"] == "hip_minimal.h:48" and top["cycles"] > row["cycles"] / 2, f"wave_reduce's top line is {top}"
assert "v_readlane_b32" in row["top_isa"][0]["isa"], row["top_isa"][0]
print("story ok: wave_reduce is LDS and VALU work, its cycles the shuffle's address trace")
PY
