#!/usr/bin/env python3
"""lifetimes-from-expected.py BIN CASE_DIR... - the wave lifetimes of a real
capture worked out from its buffers' expected records (the .att.expected
files: AMD's decoder source's wave launches and ends), against sqtt-stats'
kernel row for the same capture read from the .att files. Spans follow
FORMATS §2.3: rows sorted by time per slot, a launch closes a pending span,
an end closes it; open spans are not lifetimes."""
import glob
import json
import os
import re
import subprocess
import sys

bin_dir, cases = sys.argv[1], sys.argv[2:]
status = 0
for case in cases:
    lifetimes = []
    for path in sorted(glob.glob(os.path.join(case, "host", "*.att.expected"))):
        se = int(re.search(r"_shader_engine_(\d+)_", path).group(1))
        rows = {}
        for line in open(path):
            parts = line.split()
            if parts and parts[0] in ("start", "end"):
                t, cu, simd, slot = map(int, parts[1:5])
                rows.setdefault((se, cu, simd, slot), []).append((t, parts[0] == "start"))
        for events in rows.values():
            events.sort(key=lambda e: e[0])  # stable: file order at one time
            launch = None
            for t, start in events:
                if start:
                    launch = t
                elif launch is not None:
                    lifetimes.append(t - launch)
                    launch = None
    out = subprocess.run([os.path.join(bin_dir, "sqtt-stats"), case, "-f", "json"], capture_output=True, text=True,
                         check=True).stdout
    row = next(r for r in json.loads(out) if r["kind"] == "kernel")
    want = (len(lifetimes), sum(lifetimes), min(lifetimes), max(lifetimes))
    got = (row["count"], row["total_cycles"], row["min_cycles"], row["max_cycles"])
    verdict = "equal" if want == got else f"DIFFER: sqtt-stats {got}"
    status |= want != got
    print(f"{os.path.basename(case)}: kernel {row['kernel']}: {want[0]} waves, {want[1]} cycles, "
          f"min {want[2]}, max {want[3]}: {verdict}")
sys.exit(status)
