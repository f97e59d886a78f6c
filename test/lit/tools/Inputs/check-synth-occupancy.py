#!/usr/bin/env python3
"""check-synth-occupancy.py TREE...

Every ui_* directory of a simulated tree is laid out like rocprofv3's: one
dispatch, whose code.json label row names the code object and entry of the
kernel its occupancy names; each SE's occupancy rows in time order; on every
slot, a launch only after the slot's previous wave ended. Prints a summary
line; exits 1 on the first violation.
"""
import glob
import json
import os
import sys

dirs = waves = 0
for tree in sys.argv[1:]:
    for ui in sorted(glob.glob(os.path.join(tree, "ui_*"))):
        occ = json.load(open(os.path.join(ui, "occupancy.json")))
        label = json.load(open(os.path.join(ui, "code.json")))["code"][0]
        names = {k: v for k, v in occ["dispatches"].items() if k != "0"}
        if len(names) != 1 or label[0] != "; " + next(iter(names.values())):
            print(f"FAIL: {ui}: dispatches {names}, label row {label[0]}")
            sys.exit(1)
        for se, rows in occ.items():
            if not se.isdigit():
                continue
            if [r[0] for r in rows] != sorted(r[0] for r in rows):
                print(f"FAIL: {ui}: SE {se} rows out of time order")
                sys.exit(1)
            open_at = {}
            for time, cu, simd, slot, start, kid in rows:
                key = (cu, simd, slot)
                if start:
                    if key in open_at:
                        print(f"FAIL: {ui}: SE {se} slot {key} launches at {time}, its wave of {open_at[key]} runs")
                        sys.exit(1)
                    if str(kid) not in names:
                        print(f"FAIL: {ui}: kernel_id {kid}")
                        sys.exit(1)
                    open_at[key] = time
                    waves += 1
                elif open_at.pop(key, None) is None:
                    print(f"FAIL: {ui}: SE {se} slot {key} ends at {time} with no wave")
                    sys.exit(1)
            if open_at:
                print(f"FAIL: {ui}: waves never end: {open_at}")
                sys.exit(1)
        dirs += 1
print(f"occupancy: {waves} waves in {dirs} dispatch directories, one wave at a time on every slot, rows in time order")
