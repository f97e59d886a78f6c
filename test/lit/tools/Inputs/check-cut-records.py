#!/usr/bin/env python3
"""check-cut-records.py BIN TRACE_DIR WORK DISPATCH STEP SLOTS [CODE_OBJECTS...]

Hand-cut traces: in SE 0 of ui_output_agent_1_dispatch_DISPATCH of a
lossless simulated trace, every STEP-th record of the first SLOTS wave slots
is, one at a time, deleted (a lost record) or followed by a value no code
produces (a foreign record), and sqtt-verify --trace checks the result. The
wave that was cut must be reported incomplete, no other wave (0 false
alarms), never before the cut; a foreign record with the cause
"unexplained" unless the code accepts any value there (payload records).
Then the trace is cut at a moment: every wave still running then has its
records and its end removed, and must be reported "trace-end" or complete.
Prints the counts; exits 1 on the first violation.
"""
import collections
import glob
import json
import os
import shutil
import subprocess
import sys

bin_dir, trace, work, dispatch, step, nslots = sys.argv[1:7]
cos = sys.argv[7:]
step, nslots = int(step), int(nslots)
name = f"ui_output_agent_1_dispatch_{dispatch}"
src = os.path.join(trace, name)
shaderdata = sorted(glob.glob(os.path.join(src, "shaderdata_0_*.json")))[0]
doc = json.load(open(shaderdata))
records = doc["records"]
FOREIGN = 0x7FFFFFF0


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def verify(new_records, occupancy=None, moment=None):
    d = os.path.join(work, "cut")
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(src, os.path.join(d, name))
    json.dump(dict(doc, records=new_records), open(os.path.join(d, name, os.path.basename(shaderdata)), "w"))
    if moment is not None:  # every engine's file ends at the moment
        for path in glob.glob(os.path.join(d, name, "shaderdata_*.json")):
            other = json.load(open(path))
            json.dump(dict(other, records=[r for r in other["records"] if r[0] < moment]), open(path, "w"))
    if occupancy is not None:
        json.dump(occupancy, open(os.path.join(d, name, "occupancy.json"), "w"))
    out = subprocess.run([os.path.join(bin_dir, "sqtt-verify"), "--trace", d, *cos, "-q", "--json"],
                         capture_output=True, text=True)
    return json.loads(out.stdout)["waves"]


def wave_of(waves, key, time):
    """The report's wave of slot key (SE 0) that a record at time belongs to, and its instance's start."""
    ws = sorted([w for w in waves if w["se"] == 0 and (w["cu"], w["simd"], w["slot"]) == key],
                key=lambda w: w["begin"])
    inst = max([i for i, w in enumerate(ws) if w["begin"] <= time] or [0])
    return ws[inst], (ws[inst]["begin"] if inst else -(1 << 62)), (ws[inst + 1]["begin"] if inst + 1 < len(ws) else 1 << 62)


slots = collections.defaultdict(list)
for i, r in enumerate(records):
    if not r[5] & 2:
        slots[(r[2], r[3], r[4])].append(i)
stats = collections.Counter()
for key in sorted(slots)[:nslots]:
    idx = slots[key]
    for k in range(0, len(idx), step):
        at = idx[k]
        for mode in ("delete", "foreign"):
            if mode == "delete":
                new = records[:at] + records[at + 1:]
            else:
                r = records[at]
                new = records[:at + 1] + [[r[0], FOREIGN, r[2], r[3], r[4], 0]] + records[at + 1:]
            waves = verify(new)
            w, lo, hi = wave_of(waves, key, records[at][0])
            cut_index = sum(1 for j in idx[:k] if lo <= records[j][0] < hi) + (mode == "foreign")
            others = [x for x in waves if x is not w and x["status"] != "complete"]
            if others:
                fail(f"{mode} record {k} of slot {key}: other waves reported incomplete, e.g. {others[0]}")
            if w["status"] == "complete":
                fail(f"{mode} record {k} of slot {key} ({hex(records[at][1])}): the wave is reported complete")
            if w["gap_index"] < cut_index:
                fail(f"{mode} record {k} of slot {key}: deviation at {w['gap_index']}, before the cut at {cut_index}")
            stats[mode] += 1
            stats[mode + " exact"] += w["gap_index"] == cut_index
            if mode == "foreign":
                stats["foreign " + w["cause"]] += 1

# The trace's end: cut at the middle of the dispatch's records.
occupancy = json.load(open(os.path.join(src, "occupancy.json")))
moment = records[len(records) // 2][0]
kept = [r for r in records if r[0] < moment]
rows = {se: [row for row in rows if row[0] < moment] for se, rows in occupancy.items() if se.isdigit()}
open_waves = collections.Counter()
waves = verify(kept, dict(occupancy, **rows), moment)
for w in waves:
    if w["status"] == "incomplete":
        if w["cause"] != "trace-end":
            fail(f"the trace cut at {moment}: {w}")
        open_waves["trace-end"] += 1
print(f"delete: {stats['delete']} cuts, each reported, {stats['delete exact']} at the cut itself, 0 false alarms")
print(f"foreign: {stats['foreign']} records, each reported, {stats['foreign exact']} at the record itself, "
      f"{stats['foreign unexplained']} unexplained, 0 false alarms")
print(f"trace end at cycle {moment}: {open_waves['trace-end']} waves still running reported trace-end, no other")
