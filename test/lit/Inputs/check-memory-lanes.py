#!/usr/bin/env python3
"""check-memory-lanes.py JSON [WAVE_SIZE] - in every trace of a sqtt-memory-trace
JSON array, `lanes` are exactly the set bits of `exec_mask` below the wave
size (64 unless given), ascending, one per address, and `active_lanes` counts
them. Prints how many traces were checked."""
import json
import sys

traces = json.load(open(sys.argv[1]))
for i, t in enumerate(traces):
    exec_mask = int(t["exec_mask"], 16)
    wave = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    want = [lane for lane in range(wave) if exec_mask >> lane & 1]
    if t["lanes"] != want or len(t["addresses"]) != len(want) or t["active_lanes"] != len(want):
        print(f"error: trace {i}: lanes {t['lanes']}, exec_mask {t['exec_mask']}, {len(t['addresses'])} addresses")
        sys.exit(1)
print(f"lanes: {len(traces)} traces agree with exec_mask")
