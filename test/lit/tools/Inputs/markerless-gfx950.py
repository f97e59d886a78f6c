#!/usr/bin/env python3
"""markerless-gfx950.py OUT - a rocprofv3 --att tree shaped like the real
gfx950 captures of docs/FORMATS.md §12, of a kernel built without markers:
4 shader engines, no shaderdata files (filenames.json has no
shaderdata_filenames key), no code object in the tree, realtime.json with
the engines' counters apart, a code.json label row, one wave file of the
target CU, and a dispatches map that names several ids (the one in use is
12, not 1). Compact JSON, sorted keys, integers, as rocprofv3 writes them.

Eight waves, two per engine, with these lifetimes (end - launch, cycles):
  SE0 4748, 4856; SE1 4848, 4800; SE2 4790, 4760; SE3 4850, 4810.
"""
import json
import os
import sys

out = sys.argv[1]
ui = os.path.join(out, "ui_output_agent_1_dispatch_9")
os.makedirs(ui, exist_ok=True)
os.makedirs(os.path.join(out, "node-1"), exist_ok=True)
# The raw files beside the tree (not read: the tools read the decoded JSON).
open(os.path.join(out, "node-1", "4242_1_shader_engine_0_9.att"), "wb").write(b"\0" * 64)


def dump(name, value):
    with open(os.path.join(ui, name), "w") as f:
        json.dump(value, f, separators=(",", ":"), sort_keys=True)


# Each engine's counter starts elsewhere: SE k is 750*k cycles behind SE0.
origin = 6320
lifetimes = {0: [4748, 4856], 1: [4848, 4800], 2: [4790, 4760], 3: [4850, 4810]}
occupancy = {"dispatches": {"0": "0 / 0x0", "3": "_Z5otherv", "12": "_Z11vector_copyPfS_"}, "version": "3.0.0"}
for se, lives in lifetimes.items():
    base = origin - 750 * se
    rows = []
    for i, life in enumerate(lives):
        launch = base + 8 * i
        rows.append([launch, 0, i % 4, i, 1, 12])
        rows.append([launch + life, 0, i % 4, i, 0, 12])
    occupancy[str(se)] = sorted(rows)
dump("occupancy.json", occupancy)

wave = {"begin": origin, "cu": 0, "end": origin + 4748, "id": 0, "simd": 0, "slot": 0,
        "instructions": [[origin + 100, 1, 0, 40, 1], [origin + 200, 2, 0, 4, 2], [origin + 300, 3, 120, 400, 3]],
        "timeline": [[2, 4000], [1, 748]], "waitcnt": []}
dump("se0_sm0_sl0_wv0.json", {"duration": 4748, "name": "SE0", "num_insts": 3, "num_stitched": 3, "wave": wave})
dump("filenames.json", {"counter_names": [], "gfxip": 9, "gfxv": "gfx950", "global_begin_time": 0,
                        "version": "3.0.0",
                        "wave_filenames": {"0": {"0": {"0": {"0": ["se0_sm0_sl0_wv0.json", origin, origin + 4748]}}}}})
dump("code.json", {"code": [["; _Z11vector_copyPfS_", 0, 0, "vector_copy(float*, float*)", 2, 4096, 0, 0, 0, 0],
                            ["s_load_dwordx4 s[0:3], s[0:1], 0x0", 0, 1, "copy.hip:5", 2, 4096, 1, 40, 0, 0],
                            ["s_mov_b32 s4, 0", 0, 2, "copy.hip:6", 2, 4104, 1, 4, 0, 0],
                            ["global_load_dword v1, v0, s[0:1]", 0, 3, "copy.hip:7", 2, 4108, 1, 400, 120, 0]],
                   "header": "ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle",
                   "version": "3.0.0"})
# Two samples per engine, 100 us apart at 2.198 GHz (219800 cycles).
realtime = {"metadata": {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}}
for se in lifetimes:
    base = origin - 750 * se
    realtime[f"SE{se}"] = [[base, 236564598774311], [base + 219800, 236564598784311]]
dump("realtime.json", realtime)
