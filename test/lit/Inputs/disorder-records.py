#!/usr/bin/env python3
"""disorder-records.py SHADERDATA EXPECTED

Puts one wave's records out of time order in a shaderdata file, as damage
would: the first two records of one wave slot, written one after the other
for that slot with different times, swap their times, so the later-written
one is earlier than the record its slot wrote before it. Writes to EXPECTED
the warning the tools must give after the file's directory: it names the
record and its slot.
"""
import json
import os
import sys

path, expected = sys.argv[1], sys.argv[2]
doc = json.load(open(path))
records = doc["records"]
last = {}  # slot -> index of its latest record in the file
for i, r in enumerate(records):
    slot = (r[2], r[3], r[4])
    if r[5] & 2:  # trap-handler records are not paired
        continue
    j = last.get(slot)
    if j is not None and records[j][0] < r[0]:
        records[j][0], r[0] = r[0], records[j][0]
        break
    last[slot] = i
else:
    sys.exit("no slot with two records of different times")
json.dump(doc, open(path, "w"))
open(expected, "w").write(
    f"{os.path.basename(path)}: 1 record earlier than the record their wave slot wrote before them (first: record {i}, "
    f"cu {r[2]} simd {r[3]} wave {r[4]}, time {r[0]} after {records[j][0]}); "
    f"they are paired in time order, not as written\n")
