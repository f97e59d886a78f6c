#!/usr/bin/env python3
"""check-gfx12-truth.py SCENARIO.py TRACE_DIR FOLDED - compares the att
step's corrected header times and a flamegraph of the corrected trace with
the scenario's ground truth. Tolerance: two sampling buckets per boundary
(the window's resolution, and the undelayed header's own bucket offset)."""
import json
import sys

namespace = {}
exec(open(sys.argv[1]).read(), namespace)
truth = namespace["TRUTH"]
BUCKET = 1 << 4
TOL = 2 * BUCKET

data = json.load(open(f"{sys.argv[2]}/ui_gfx12/shaderdata_0_0.json"))
per_wave = {}
for t, value, cu, simd, wave, flags in data["records"]:
    per_wave.setdefault((simd, wave), []).append((t, value))
worst, count = 0, 0
for (simd, wave), recs in per_wave.items():
    for i, (t, value) in enumerate(recs):
        true = truth["times"][(simd, wave, i)]
        if value >> 20:
            sys.exit(f"header {simd}/{wave}/{i} still packed: {value:#x}")
        if not (true <= t < true + TOL):
            sys.exit(f"header {simd}/{wave}/{i}: corrected {t}, issued {true}")
        worst = max(worst, t - true)
        count += 1
print(f"{count} headers within [issue, issue + {TOL}) of their issue time (worst {worst})")

got = {}
for line in open(sys.argv[3]):
    stack, cycles = line.rsplit(" ", 1)
    got[stack] = int(cycles)
if set(got) != set(truth["folded"]):
    sys.exit(f"stacks differ: {sorted(got)} vs {sorted(truth['folded'])}")
for stack, true in truth["folded"].items():
    intervals = 40  # per wave
    if abs(got[stack] - true) > intervals * 8 * TOL:
        sys.exit(f"{stack}: {got[stack]} cycles, truth {true}")
    print(f"{stack}: {got[stack]} cycles, truth {true} ({100 * (got[stack] - true) / true:+.3f}%)")
