#!/usr/bin/env python3
"""rcv-walker.py TREE SYNTH_OUT - reads TREE's marker spans the way
rocprof-compute-viewer does (FORMATS §13) and compares them with
sqtt-synth's truth (SYNTH_OUT/truth_events.txt).

RCV's rules: shaderdata through filenames.json's shaderdata_filenames
(entries with fewer than 3 elements skipped), rows with fewer than 6 columns
skipped; every word is a header: id = value >> 2, bit 0 pops, bit 1 pushes,
per (se, cu, simd, slot); names from code.json's sqtt_funcmap rows, a
dispatch's code object from its kernel's K: row (a kernel name in two code
objects resolves to none); R:, W: and M: rows ignored. Prints how many spans
it found and how many are the truth's, and exits 1 if any span of either
side has no match."""
import collections
import glob
import json
import os
import re
import sys

tree, synth = sys.argv[1], sys.argv[2]
truth = collections.Counter()
for line in open(os.path.join(synth, "truth_events.txt")):
    d, se, cu, simd, wave, inst, kind, a, b, name = line.rstrip("\n").split(" ", 9)
    if kind == "S":
        truth[(int(d), int(se), int(cu), int(simd), int(wave), name, int(a), int(b))] += 1

got = collections.Counter()
for ui in sorted(glob.glob(os.path.join(tree, "ui_output_agent_*_dispatch_*"))):
    d = int(re.search(r"_dispatch_(\d+)$", ui).group(1)) - 1
    listing = json.load(open(os.path.join(ui, "filenames.json")))
    code = json.load(open(os.path.join(ui, "code.json")))
    names, kernel_co = {}, collections.defaultdict(set)
    for co, mid, kind, name, *_ in code.get("sqtt_funcmap", []):
        if kind == "K":
            kernel_co[name].add(co)
        else:
            names[(co, mid)] = name
    occ = json.load(open(os.path.join(ui, "occupancy.json")))
    dispatch_name = occ.get("dispatches", {})
    launches = collections.defaultdict(list)  # (se, cu, simd, slot) -> [(time, kernel_id)]
    for se, rows in occ.items():
        if se.isdigit():
            for t, cu, simd, slot, start, kid in rows:
                if start:
                    launches[(int(se), cu, simd, slot)].append((t, kid))

    def code_object(slot, t):
        kid = None
        for lt, k in sorted(launches[slot]):
            if lt <= t:
                kid = k
        cos = kernel_co.get(dispatch_name.get(str(kid), ""), set())
        return next(iter(cos)) if len(cos) == 1 else None

    for se, entries in listing.get("shaderdata_filenames", {}).items():
        records = []
        for entry in entries:
            if len(entry) < 3:
                continue
            for r in json.load(open(os.path.join(ui, entry[0])))["records"]:
                if len(r) >= 6:
                    records.append(r)
        stacks = collections.defaultdict(list)
        for t, v, cu, simd, slot, flags in sorted(records, key=lambda r: r[0]):
            key = (int(se), cu, simd, slot)
            if v & 1 and stacks[key]:
                mid, begin = stacks[key].pop()
                co = code_object(key, begin)
                got[(d,) + key + (names.get((co, mid), f"#{mid}"), begin, t)] += 1
            if v & 2:
                stacks[key].append((v >> 2, t))

matched = sum((got & truth).values())
print(f"{sum(got.values())} spans as rocprof-compute-viewer reads them, {matched} of the truth's "
      f"{sum(truth.values())}")
if got != truth:
    extra = sorted((got - truth).elements())[:2]
    missing = sorted((truth - got).elements())[:2]
    print(f"differ: e.g. {extra} not in the truth, {missing} missing")
    sys.exit(1)
print("the same spans as the truth")
