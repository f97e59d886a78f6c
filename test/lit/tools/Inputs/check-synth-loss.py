#!/usr/bin/env python3
"""check-synth-loss.py LOSSLESS LOSSY

Two runs of sqtt-synth with one seed, the second with --loss: every
shaderdata file of LOSSY is its LOSSLESS counterpart without exactly the
records truth_lost.txt lists (none missing, none extra), a trace buffer that
filled loses everything after one moment on its SE (its "buffer" records are
the end of the SE's stream), and a burst is consecutive records of the
stream. Prints a summary; exits 1 on the first violation.
"""
import glob
import json
import os
import sys
from collections import Counter, defaultdict

lossless, lossy = sys.argv[1], sys.argv[2]
lost = defaultdict(list)  # (dir, se) -> [(cu, simd, slot, time, value, cause)]
for line in open(os.path.join(lossy, "truth_lost.txt")):
    d, se, cu, simd, slot, inst, time, value, kind, cause = line.split()
    lost[(int(d), int(se))].append((int(cu), int(simd), int(slot), int(time), int(value), cause))

files = dropped = 0
causes = Counter()
for path in sorted(glob.glob(os.path.join(lossless, "ui_*", "shaderdata_*_0.json"))):
    ui = os.path.basename(os.path.dirname(path))
    d = int(ui.rsplit("_", 1)[1]) - 1
    se = int(os.path.basename(path).split("_")[1])
    full = [tuple(r) for r in json.load(open(path))["records"]]
    kept = [tuple(r) for r in json.load(open(os.path.join(lossy, ui, os.path.basename(path))))["records"]]
    gone = lost.pop((d, se), [])
    # The stream position of each record; the lossy file is the rest, in order.
    k = g = 0
    positions = []
    for i, (time, value, cu, simd, slot, flags) in enumerate(full):
        if k < len(kept) and kept[k] == full[i]:
            k += 1
        elif g < len(gone) and gone[g][:5] == (cu, simd, slot, time, value):
            positions.append((i, gone[g][5]))
            g += 1
        else:
            print(f"FAIL: {ui} SE {se}: record {i} {full[i]} neither kept nor listed as lost")
            sys.exit(1)
    if k != len(kept) or g != len(gone):
        print(f"FAIL: {ui} SE {se}: {len(kept) - k} kept and {len(gone) - g} lost records left over")
        sys.exit(1)
    buffer = [i for i, c in positions if c == "buffer"]
    if buffer and buffer != list(range(len(full) - len(buffer), len(full))):
        print(f"FAIL: {ui} SE {se}: the buffer's losses are not the end of the stream")
        sys.exit(1)
    files += 1
    dropped += len(gone)
    causes.update(c for _, c in positions)
if lost:
    print(f"FAIL: losses listed for files that do not exist: {sorted(lost)[:3]}")
    sys.exit(1)
print(f"loss: {dropped} records dropped in {files} files, exactly those truth_lost.txt lists "
      f"({causes['buffer']} after a full buffer, {causes['burst']} in bursts)")
