#!/usr/bin/env python3
"""check-lanes-and-objects.py MEMORY_JSON WAVE_SIZE

reduction.hip's address traces, as sqtt-memory-trace reads them from a
simulated capture, against what its source does:
  - partial[wave] = sum under lane == 0: one lane;
  - atomicAdd under lane == 0 (after the atomic optimizer): one lane;
  - partial[lane] under lane < waves: BLOCK / WAVE_SIZE lanes;
  - in[i] of every wave of a dispatch in one buffer (one base per kernel
    argument, shared by the waves), no two waves' lanes overlapping.
"""
import json
import sys
from collections import defaultdict

traces = json.load(open(sys.argv[1]))
wave = int(sys.argv[2])
waves_per_block = 256 // wave


def lanes(kind, line):
    return {t["active_lanes"] for t in traces if t["kind"] == kind and t["source"].endswith(line)}


def expect(what, got, want):
    if got != want:
        print(f"FAIL: {what}: {sorted(got)} lanes, the source says {sorted(want)}")
        sys.exit(1)


expect("partial[wave] = sum (lane == 0)", lanes("lds_store", "reduction.hip:33"), {1})
expect("atomicAdd (lane == 0)", lanes("atomic", "reduction.hip:42"), {1})
expect("partial[lane] (lane < waves)", lanes("lds_load", "reduction.hip:39"), {waves_per_block})

loads = defaultdict(list)
for t in traces:
    if t["kind"] == "load":
        loads[t["dispatch"]].append([int(a, 16) for a in t["addresses"]])
for dispatch, execs in loads.items():
    low = min(min(a) for a in execs)
    high = max(max(a) for a in execs)
    # A wave's executions of the loop read its lanes' addresses (the model
    # does not step i); two waves never share one.
    distinct = {tuple(a) for a in execs}
    if len(set().union(*distinct)) != sum(len(a) for a in distinct):
        print(f"FAIL: dispatch {dispatch}: two waves' in[i] read one address")
        sys.exit(1)
    if high - low >= 1 << 32:
        print(f"FAIL: dispatch {dispatch}: in[i] spans {high - low:#x} bytes: not one buffer")
        sys.exit(1)
print(f"lanes: lane == 0 one lane, lane < waves {waves_per_block}; in[i]: {sum(len(e) for e in loads.values())} "
      f"executions in {len(loads)} dispatch(es), each dispatch's in one buffer")
