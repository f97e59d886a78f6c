#!/usr/bin/env python3
"""synth-shape.py TRACE FOLDED - the shape of an sqtt-synth trace: distinct
stacks, how deep the leaves of the call tree are (stacks that are no other's
prefix), JSON bytes per record, records per line, the mean gap between a
wave slot's records."""
import glob
import json
import os
import sys

trace, folded = sys.argv[1], sys.argv[2]
stacks = set()
for line in open(folded):
    frames = line.rstrip("\n").rsplit(" ", 1)[0].split(";")
    stacks.add(tuple(frames[2:]))  # below code object and kernel
leaves = [s for s in stacks if not any(len(t) > len(s) and t[: len(s)] == s for t in stacks)]
print(f"stacks: {len(stacks)} distinct, deepest {max(map(len, stacks))}")
print(f"leaves: {len(leaves)}, {min(map(len, leaves))} to {max(map(len, leaves))} deep")

size = records = lines = 0
gaps = []
for path in glob.glob(os.path.join(trace, "ui_*", "shaderdata_*.json")):
    text = open(path).read()
    size += len(text[text.index('"records":') + len('"records":'):])
    lines += text.count("\n")
    rows = json.loads(text)["records"]
    records += len(rows)
    last = {}
    for t, v, cu, simd, wave, flags in rows:
        slot = (cu, simd, wave)
        if slot in last and not flags & 2:
            gaps.append(t - last[slot])
        if not flags & 2:
            last[slot] = t
print(f"records: {size / records:.0f} bytes each, {records / lines:.0f} a line")
print(f"gap: {sum(gaps) / len(gaps):.0f} cycles on average")
