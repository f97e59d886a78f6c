#!/usr/bin/env python3
"""records-by-wave-id.py TRACE - which hardware ids recorded markers in a
simulated trace: one line per (cu, simd) that has marker headers (trap-handler
records excluded), the wave slots that have them, then the waves that ran
(occupancy.json's starts) and how many wave slots recorded anything."""
import glob
import json
import os
import sys

trace = sys.argv[1]
headers = {}
recording = set()
waves = 0
for ui in sorted(glob.glob(os.path.join(trace, "ui_*"))):
    for path in glob.glob(os.path.join(ui, "shaderdata_*.json")):
        se = os.path.basename(path).split("_")[1]
        for t, value, cu, simd, wave, flags in json.load(open(path))["records"]:
            if flags & 2:  # PRIV: a trap handler's, not the kernel's
                continue
            headers[(cu, simd)] = headers.get((cu, simd), 0) + 1
            recording.add((ui, se, cu, simd, wave))
    occupancy = json.load(open(os.path.join(ui, "occupancy.json")))
    for se, rows in occupancy.items():
        if se.isdigit():
            waves += sum(1 for row in rows if row[4] == 1)
for (cu, simd) in sorted(headers):
    print(f"cu {cu} simd {simd}: records")
print("wave slots with records:", " ".join(str(w) for w in sorted({r[4] for r in recording})))
print(f"waves: {waves}, wave slots with records: {len(recording)}")
