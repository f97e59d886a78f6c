#!/usr/bin/env python3
"""splice_markers.py EXPECTED SYNTH_UI_DIR FLAGS OUT_RECORDS - the marker
records of simulated waves of one of this project's compiled examples, moved
onto the real waves of a captured buffer, plus records that exercise every
field of the shader-data layout, as att-splice input.

EXPECTED: the real buffer's .att.expected (its wave launches and ends).
SYNTH_UI_DIR: a ui_* directory sqtt-synth wrote for the example (its
shaderdata and occupancy give each simulated wave's records in order).
FLAGS: the flags the generation can write ("0" for gfx9, "0,1" for gfx10/11,
"0,1,2,3" for gfx12).

The i-th simulated wave that recorded markers goes onto the i-th complete
real wave: its records keep their order and are spread over the real wave's
lifetime. The layout records go onto a slot no real wave uses, after the
last real event: every flag, values 0, 1 and 2^32-1, the highest CU, SIMD
and slot the layout holds."""
import json
import os
import sys

expected, ui, flags, out = sys.argv[1], sys.argv[2], [int(f) for f in sys.argv[3].split(",")], sys.argv[4]
gfx9 = flags == [0]

# Real waves: complete spans per slot, in launch order.
events, last = {}, 0
for line in open(expected):
    p = line.split()
    if p and p[0] in ("start", "end"):
        t, cu, simd, slot = map(int, p[1:5])
        events.setdefault((cu, simd, slot), []).append((t, p[0] == "start"))
        last = max(last, t)
real = []
for key, evs in events.items():
    evs.sort(key=lambda e: e[0])
    launch = None
    for t, start in evs:
        if start:
            launch = t
        elif launch is not None and t - launch > 8:
            real.append((launch, t, key))
            launch = None
real.sort()

# Simulated waves: each span's records, in time order.
occ = json.load(open(os.path.join(ui, "occupancy.json")))
spans = {}
for se, rows in occ.items():
    if not se.isdigit():
        continue
    for t, cu, simd, slot, start, _ in sorted(rows, key=lambda r: r[0]):
        lst = spans.setdefault((int(se), cu, simd, slot), [])
        if start:
            lst.append([t, None])
        elif lst and lst[-1][1] is None:
            lst[-1][1] = t
waves = []
for name in sorted(f for f in os.listdir(ui) if f.startswith("shaderdata_")):
    se = int(name.split("_")[1])
    for t, value, cu, simd, slot, fl in json.load(open(os.path.join(ui, name)))["records"]:
        for s in spans.get((se, cu, simd, slot), []):
            if s[0] <= t and (s[1] is None or t <= s[1]):
                s.append((t, value, fl))
                break
for key, lst in sorted(spans.items()):
    for s in lst:
        if len(s) > 2:
            waves.append(sorted(s[2:]))

lines = []
used = 0
for (launch, end, (cu, simd, slot)), recs in zip(real, waves):
    first, span = recs[0][0], max(1, recs[-1][0] - recs[0][0])
    room = end - launch - 2
    for t, value, fl in recs:
        at = launch + 1 + (t - first) * room // span
        lines.append(f"data {at} {cu} {simd} {slot} {value} {fl if fl in flags else 0}")
    used += 1

# Every field of the layout: a slot no real wave uses, after the last event.
cu_max, slot_max = (15, 9) if gfx9 else (15 if flags == [0, 1, 2, 3] else 7, 31)
cus = [cu_max, 0] if gfx9 else [cu_max, 128 + cu_max]
t = last + 1
for cu in cus:
    for value in (0, 1, 0xFFFFFFFF, 0x5A5A5A5A):
        for fl in flags:
            v = value & 0xFF if fl & 1 else value
            lines.append(f"data {t} {cu} 3 {slot_max} {v} {fl}")
            t += 1
open(out, "w").write("\n".join(lines) + "\n")
print(f"{used} simulated waves onto real waves, {len(lines)} records")
