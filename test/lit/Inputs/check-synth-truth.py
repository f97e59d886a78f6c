#!/usr/bin/env python3
"""check-synth-truth.py SYNTH_OUT [--folded F] [--perfetto DIR] [--memory JSON]
                       [--stats JSON] [--headers] [--tolerance CYCLES]

Compares tool outputs with sqtt-synth's ground truth:
  --folded    sqtt-flamegraph output: every stack's self cycles (exact, or
              within --tolerance per attributed interval after the att step)
  --perfetto  sqtt-perfetto files: slices per name (count, total duration),
              instants, and B/E nesting
  --memory    sqtt-memory-trace JSON: the multiset of address traces
  --diff F --baseline OUT
              sqtt-flamegraph OUT_A --baseline OUT_B output: every line is
              "stack <cycles in B> <cycles in A>", both from the truths (0
              where a stack is absent), every stack of either truth present
  --stats     sqtt-stats --format json: every row's count, total, self,
              min, max, nearest-rank p50/p90/p99, waves and open, and every
              data row's count, min and max, from the simulator's intervals
  --headers   after sqtt-att: every packed header's time within tolerance of
              its issue time, in issue order per wave
"""
import argparse
import glob
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--folded")
ap.add_argument("--perfetto")
ap.add_argument("--memory")
ap.add_argument("--stats")
ap.add_argument("--diff")
ap.add_argument("--baseline")
ap.add_argument("--headers", action="store_true")
ap.add_argument("--tolerance", type=int, default=0)
args = ap.parse_args()
truth = json.load(open(f"{args.out}/ground_truth.json"))


def fail(msg):
    print(f"error: {msg}")
    sys.exit(1)


if args.folded:
    got = {}
    for line in open(args.folded):
        stack, cycles = line.rstrip("\n").rsplit(" ", 1)
        got[stack] = int(cycles)
    want = truth["folded"]
    if set(got) != set(want):
        fail(f"stacks differ: extra {sorted(set(got) - set(want))[:3]}, missing {sorted(set(want) - set(got))[:3]}")
    worst = 0
    for k, v in want.items():
        worst = max(worst, abs(got[k] - v) / max(v, 1))
        if args.tolerance == 0 and got[k] != v:
            fail(f"{k}: {got[k]} cycles, truth {v}")
        # After correction every boundary is off by less than the tolerance.
        if args.tolerance and abs(got[k] - v) > v // 100 + args.tolerance:
            fail(f"{k}: {got[k]} cycles, truth {v} (beyond 1% + {args.tolerance})")
    print(f"folded: {len(got)} stacks match the truth" + (f" (worst {100 * worst:.3f}%)" if args.tolerance else " exactly"))

if args.perfetto:
    slices, instants, stacks = {}, 0, {}
    for path in sorted(glob.glob(f"{args.perfetto}/*.perfetto.json")):
        for e in json.load(open(path))["traceEvents"]:
            key = (path, e.get("pid"), e.get("tid"))
            if e["ph"] == "B":
                stacks.setdefault(key, []).append((e["name"], e["ts"]))
            elif e["ph"] == "E":
                if not stacks.get(key):
                    fail(f"E without B on {key}")
                name, begin = stacks[key].pop()
                count, total = slices.get(name, (0, 0))
                slices[name] = (count + 1, total + e["ts"] - begin)
            elif e["ph"] == "i":
                instants += 1
    if any(stacks.values()):
        fail("unclosed slices")
    want = {k: tuple(v) for k, v in truth["slices"].items()}
    got = {k: (c, int(t)) for k, (c, t) in slices.items()}
    if got != want:
        diff = [(k, got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)]
        fail(f"slices differ: {diff[:3]}")
    if instants != truth["instants"]:
        fail(f"{instants} instants, truth {truth['instants']}")
    print(f"perfetto: {sum(c for c, _ in got.values())} slices of {len(got)} names and {instants} instants match the truth")

if args.memory:
    got = sorted(" ".join([t["kind"], str(t["marker_id"]), str(t["shader_engine"]), str(t["cu"]), str(t["simd"]),
                           str(t["wave"]), t["exec_mask"]] + t["addresses"])
                 for t in json.load(open(args.memory)))
    want = sorted(" ".join(line.split()[1:]) for line in open(f"{args.out}/truth_addresses.txt"))
    if got != want:
        fail(f"address traces differ: {len(got)} vs {len(want)} (first mismatch {next((a, b) for a, b in zip(got, want) if a != b) if len(got) == len(want) else ''})")
    print(f"memory: {len(got)} address traces match the truth")

if args.diff:
    before = json.load(open(f"{args.baseline}/ground_truth.json"))["folded"]
    after = truth["folded"]
    got = {}
    for line in open(args.diff):
        stack, b, a = line.rstrip("\n").rsplit(" ", 2)
        got[stack] = (int(b), int(a))
    want = {k: (before.get(k, 0), after.get(k, 0)) for k in set(before) | set(after)}
    if got != want:
        diff = [(k, got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)]
        fail(f"differential stacks differ: {diff[:3]}")
    grew = sum(1 for b, a in got.values() if a > b)
    print(f"diff: {len(got)} stacks match both truths ({grew} grew, {len(got) - grew} did not)")

if args.stats:
    import math
    intervals, data = {}, {}
    for line in open(f"{args.out}/truth_intervals.txt"):
        kernel, scope, kind, wave, cycles, self_cycles = line.rstrip("\n").split("\t")
        intervals.setdefault((kernel, scope, kind), []).append((int(cycles), int(self_cycles), wave))
    for line in open(f"{args.out}/truth_data.txt"):
        kernel, name, value = line.rstrip("\n").split("\t")
        data.setdefault((kernel, name, "data"), []).append(int(value))

    def rank(values, p):
        return values[max(1, math.ceil(p / 100 * len(values))) - 1]

    want = {}
    for key, items in intervals.items():
        cycles = sorted(c for c, _, _ in items)
        want[key] = {"count": len(cycles), "total_cycles": sum(cycles), "self_cycles": sum(s for _, s, _ in items),
                     "min_cycles": cycles[0], "max_cycles": cycles[-1], "p50_cycles": rank(cycles, 50),
                     "p90_cycles": rank(cycles, 90), "p99_cycles": rank(cycles, 99),
                     "waves": len({w for _, _, w in items}), "open": 0}
    for key, values in data.items():
        want[key] = {"count": len(values), "min": min(values), "max": max(values)}
    got = {}
    for row in json.load(open(args.stats)):
        key = (row["kernel"], row["scope"], row["kind"])
        got[key] = {k: row[k] for k in want.get(key, {}) if k in row}
    if set(got) != set(want):
        fail(f"stats rows differ: extra {sorted(set(got) - set(want))[:3]}, missing {sorted(set(want) - set(got))[:3]}")
    for key in want:
        if got[key] != want[key]:
            fail(f"stats {key}: {got[key]}, truth {want[key]}")
    print(f"stats: {len(intervals)} scope rows and {len(data)} data rows match the truth")

if args.headers:
    issue = {}
    for line in open(f"{args.out}/truth_headers.txt"):
        d, se, cu, simd, wave, t = map(int, line.split())
        issue.setdefault((d, se, cu, simd, wave), []).append(t)
    checked, worst = 0, 0
    for d in range(1, 100):
        for path in glob.glob(f"{args.out}/ui_output_agent_1_dispatch_{d}/shaderdata_*_0.json"):
            se = int(path.rsplit("_", 2)[-2])
            per_wave = {}
            for t, v, cu, simd, wave, flags in json.load(open(path))["records"]:
                if flags & 2:
                    continue
                per_wave.setdefault((d - 1, se, cu, simd, wave), []).append((t, v))
            for key, recs in per_wave.items():
                times = issue.get(key, [])
                if len(recs) != len(times):
                    fail(f"{key}: {len(recs)} headers, truth {len(times)}")
                for (t, v), true in zip(recs, times):
                    if v >> 20:
                        fail(f"{key}: header still packed ({v:#x})")
                    if not (true <= t < true + args.tolerance):
                        fail(f"{key}: corrected {t}, issued {true}")
                    worst = max(worst, t - true)
                    checked += 1
    print(f"headers: {checked} within [issue, issue + {args.tolerance}) (worst {worst})")
