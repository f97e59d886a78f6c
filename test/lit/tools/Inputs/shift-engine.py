#!/usr/bin/env python3
"""shift-engine.py TREE SE CYCLES - moves shader engine SE's counter of every
ui_* directory of TREE (as sqtt-synth writes them) CYCLES ahead: its
occupancy rows, its records, its wave files and their filenames.json
entries. Writes realtime.json samples (a 2.2 GHz shader clock, as rocprofv3 writes them)
that say so, so the tools align SE back onto SE 0's counter (D26): a capture
whose engines count from different origins, made from one whose truth is
known. Every file this writes is synthetic test data."""
import glob
import json
import os
import sys

tree, se, cycles = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def rewrite(path, change):
    with open(path) as f:
        doc = json.load(f)
    change(doc)
    with open(path, "w") as f:
        json.dump(doc, f)


def occupancy(doc):
    for row in doc.get(str(se), []):
        row[0] += cycles


def records(doc):
    for row in doc["records"]:
        row[0] += cycles


def wave(doc):
    w = doc["wave"]
    w["begin"] += cycles
    w["end"] += cycles
    for i in w.get("instructions", []):
        i[0] += cycles


def filenames(doc):
    def shift(node):
        for key, value in node.items():
            if isinstance(value, list):
                value[1] += cycles
                value[2] += cycles
            else:
                shift(value)
    shift(doc.get("wave_filenames", {}).get(str(se), {}))


for ui in sorted(glob.glob(os.path.join(tree, "ui_*"))):
    rewrite(os.path.join(ui, "occupancy.json"), occupancy)
    for path in glob.glob(os.path.join(ui, f"shaderdata_{se}_*.json")):
        rewrite(path, records)
    for path in glob.glob(os.path.join(ui, f"se{se}_*.json")):
        rewrite(path, wave)
    if os.path.exists(os.path.join(ui, "filenames.json")):
        rewrite(os.path.join(ui, "filenames.json"), filenames)
    engines = sorted({int(os.path.basename(p).split("_")[1])
                      for p in glob.glob(os.path.join(ui, "shaderdata_*_*.json"))} | {0, se})
    realtime = {f"SE{e}": [[(cycles if e == se else 0) + c, 5000000 + t] for c, t in ((0, 0), (220000, 10000))]
                for e in engines}
    realtime["metadata"] = {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}
    with open(os.path.join(ui, "realtime.json"), "w") as f:
        json.dump(realtime, f)
