#!/usr/bin/env python3
"""check-budget.py [--exact] BUDGET_JSON TRACE_DIR...

sqtt-verify --budget's records per wave against what sqtt-synth's waves,
following the same code with one iteration per loop entry (--loop-trips 1),
recorded: no wave that records has fewer than min_records of its kernel
(the shortest path from launch to end), and in a kernel whose records come
from no loop none has more than max_records; the test's traces are chosen so
that the minimum is met (FileCheck sees the range: the bound is the code's,
not a loose one). Waves that record nothing are the ones the scope masks
exclude: none when the budget's recording_share is 1. With --exact (a budget
with a launch, traces simulated with --exact-trips at its --trips, kernels
whose waves all take the longest path): every recording wave has exactly the
launch's records_per_wave. Prints a line per kernel; exits 1 on a violation.
"""
import collections
import glob
import json
import os
import sys

args = sys.argv[1:]
exact = args[0] == "--exact"
if exact:
    args = args[1:]
budgets = {b["kernel"]: b for b in json.load(open(args[0]))["budgets"]}
counts = collections.defaultdict(list)  # kernel -> records per recording wave
silent = collections.Counter()
waves = collections.Counter()
for trace in args[1:]:
    for ui in sorted(glob.glob(os.path.join(trace, "ui_*"))):
        code = json.load(open(os.path.join(ui, "code.json")))
        label = [row for row in code["code"] if str(row[0]).startswith("; ")]
        kernel = label[0][0][2:].split(".kd")[0] if label else None
        # Waves by occupancy: records between a launch and the next launch of the slot.
        occ = json.load(open(os.path.join(ui, "occupancy.json")))
        launches = collections.defaultdict(list)
        for se, rows in occ.items():
            if se.isdigit():
                for time, cu, simd, slot, start, kid in rows:
                    if start:
                        launches[(int(se), cu, simd, slot)].append(time)
        records = collections.defaultdict(list)
        for path in glob.glob(os.path.join(ui, "shaderdata_*.json")):
            se = int(os.path.basename(path).split("_")[1])
            for t, v, cu, simd, slot, flags in json.load(open(path))["records"]:
                if not flags & 2:
                    records[(se, cu, simd, slot)].append(t)
        for key, starts in launches.items():
            starts.sort()
            times = sorted(records.get(key, []))
            for i, start in enumerate(starts):
                end = starts[i + 1] if i + 1 < len(starts) else 1 << 62
                n = sum(1 for t in times if (start if i else -(1 << 62)) <= t < end)
                waves[kernel] += 1
                if n == 0:
                    silent[kernel] += 1
                else:
                    counts[kernel].append(n)
for kernel, ns in sorted(counts.items()):
    b = budgets[kernel]
    lo, hi = b["min_records"], b["max_records"]
    below = [n for n in ns if n < lo]
    if below:
        print(f"FAIL: {kernel}: waves with {below[:5]} records, below the budget's minimum {lo}")
        sys.exit(1)
    if not b["loops"] and max(ns) > hi:
        print(f"FAIL: {kernel}: waves with {max(ns)} records, the budget says at most {hi} and no loop records")
        sys.exit(1)
    if silent[kernel] and b["recording_share"] == 1:
        print(f"FAIL: {kernel}: {silent[kernel]} waves recorded nothing, the budget says every wave records")
        sys.exit(1)
    if exact:
        want = b["launch"]["records_per_wave"]
        if set(ns) != {want}:
            print(f"FAIL: {kernel}: waves with {sorted(set(ns))[:5]} records, the budget at its trips says {want}")
            sys.exit(1)
        print(f"{kernel}: {len(ns)} recording waves, each {want} records, the budget at its trips")
        continue
    print(f"{kernel}: {len(ns)} recording waves, {min(ns)} to {max(ns)} records each, budget {lo} to {hi}"
          f"{' and loops' if b['loops'] else ''}; {silent[kernel]} silent")
