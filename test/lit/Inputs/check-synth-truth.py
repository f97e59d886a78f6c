#!/usr/bin/env python3
"""check-synth-truth.py SYNTH_OUT [--folded F] [--perfetto DIR] [--memory JSON]
                       [--summary-json JSON] [--stats JSON] [--diff F --baseline OUT]
                       [--instructions JSON] [--instruction-slices FILE]
                       [--headers] [--tolerance CYCLES]

Compares tool outputs with sqtt-synth's ground truth:
  --folded    sqtt-flamegraph output: every stack's self cycles (exact, or
              within --tolerance per attributed interval after the att step)
  --perfetto  sqtt-perfetto files: slices per name (count, total duration)
              and instants (check-timeline.py compares them wave by wave)
  --memory    sqtt-memory-trace JSON: the multiset of address traces (with
              dispatch, code object and kernel), and in every trace the
              lanes are exactly the EXEC bits, one per address
  --summary-json  sqtt-memory-trace --summary-json: every field of every row
              and the row order, against a reference computed here from the
              truth (not the tool's code)
  --diff F --baseline OUT
              sqtt-flamegraph OUT_A --baseline OUT_B output: every line is
              "stack <cycles in B> <cycles in A>", both from the truths (0
              where a stack is absent), every stack of either truth present
  --kernel-paths  with --diff: stacks compared by kernel and scope path,
              the code-object frame left out (sqtt-flamegraph's default
              --baseline-match); every line's code-object frame is then one
              of OUT_A's truth (the trace's), none of OUT_B's unless equal
  --stats     sqtt-stats --format json: every row's count, total, self,
              min, max, nearest-rank p50/p90/p99, waves and open, and every
              data row's count, min and max, from the simulator's intervals
  --instructions  sqtt-stats --instructions -f json: every row's waves,
              instructions, cycles and stall cycles per (kernel, innermost
              scope), from truth_instructions.txt
  --instruction-slices  sqtt-perfetto --instructions JSON: one slice per
              instruction of the wave files, each under the scope the
              truth puts it in
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
ap.add_argument("--summary-json")
ap.add_argument("--stats")
ap.add_argument("--diff")
ap.add_argument("--baseline")
ap.add_argument("--kernel-paths", action="store_true")
ap.add_argument("--instructions")
ap.add_argument("--instruction-slices", nargs="+")
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
        # After correction every boundary is off by less than the tolerance:
        # a stack's cycles by at most two per self-time segment behind them.
        if args.tolerance:
            bound = 2 * args.tolerance * truth["segments"].get(k, 0) + args.tolerance
            if abs(got[k] - v) > bound:
                fail(f"{k}: {got[k]} cycles, truth {v} (beyond {bound}: {args.tolerance} per segment end)")
    print(f"folded: {len(got)} stacks match the truth" + (f" (worst {100 * worst:.3f}%)" if args.tolerance else " exactly"))

if args.perfetto:
    # Slices are X events; ts/dur are microseconds with one cycle shown as one ns.
    slices, instants, threads = {}, 0, set()
    for path in sorted(glob.glob(f"{args.perfetto}/*.perfetto.json")):
        for e in json.load(open(path))["traceEvents"]:
            if e["ph"] == "X":
                threads.add((path, e["pid"], e["tid"]))
                count, total = slices.get(e["name"], (0, 0))
                slices[e["name"]] = (count + 1, total + round(e["dur"] * 1000))
            elif e["ph"] == "i":
                instants += 1
            elif e["ph"] in "BE":
                fail(f"B/E event where slices are X events: {e}")
    want = {k: tuple(v) for k, v in truth["slices"].items()}
    # A wave that recorded no marker is one slice of its kernel, launch to end (D29).
    for line in open(f"{args.out}/truth_waves.txt"):
        kernel, life, _scoped, markers = line.rstrip("\n").split("\t")
        if markers == "0":
            count, total = want.get(kernel, (0, 0))
            want[kernel] = (count + 1, total + int(life))
    got = {k: (c, int(t)) for k, (c, t) in slices.items()}
    if got != want:
        diff = [(k, got.get(k), want.get(k)) for k in set(got) | set(want) if got.get(k) != want.get(k)]
        fail(f"slices differ: {diff[:3]}")
    if instants != truth["instants"]:
        fail(f"{instants} instants, truth {truth['instants']}")
    print(f"perfetto: {sum(c for c, _ in got.values())} slices of {len(got)} names and {instants} instants match the truth")

def truth_traces():
    """(kind, marker, se, cu, simd, wave, dispatch, code_object, exec, addresses) per line."""
    for line in open(f"{args.out}/truth_addresses.txt"):
        f = line.split()
        yield f[1], int(f[2]), f[3], f[4], f[5], f[6], int(f[7]), int(f[8]), int(f[9], 16), [int(a, 16) for a in f[10:]]


if args.memory:
    traces = json.load(open(args.memory))
    got = sorted(" ".join([t["kind"], str(t["marker_id"]), str(t["shader_engine"]), str(t["cu"]), str(t["simd"]),
                           str(t["wave"]), str(t["dispatch"]), str(t["code_object"]), t["exec_mask"]] + t["addresses"])
                 for t in traces)
    want = sorted(" ".join(line.split()[1:]) for line in open(f"{args.out}/truth_addresses.txt"))
    if got != want:
        fail(f"address traces differ: {len(got)} vs {len(want)} (first mismatch {next((a, b) for a, b in zip(got, want) if a != b) if len(got) == len(want) else ''})")
    for t in traces:
        if t["kernel"] != truth["kernels"][str(t["code_object"])]:
            fail(f"kernel {t['kernel']} for code object {t['code_object']}")
        exec_mask = int(t["exec_mask"], 16)
        if t["lanes"] != [l for l in range(64) if exec_mask >> l & 1] or len(t["lanes"]) != len(t["addresses"]) \
                or t["active_lanes"] != len(t["lanes"]):
            fail(f"lanes {t['lanes']} disagree with exec_mask {t['exec_mask']} or the addresses")
    print(f"memory: {len(got)} address traces match the truth; lanes agree with exec_mask in every trace")

if args.summary_json:
    # A straightforward reference: sets and counters per (kernel, code object,
    # marker), with the width and object the map gives each operation.
    from collections import Counter
    ops = {(o["code_object"], o["marker_id"]): o for o in truth["address_ops"]}
    cached = {"load", "store", "atomic", "buffer_load", "buffer_store", "buffer_atomic", "struct_buffer_load",
              "struct_buffer_store", "struct_buffer_atomic"}
    lds = {"lds_load", "lds_store", "lds_atomic"}

    def lane_sets(width, wave):
        # Omniprobe's wave64 sets by width (FORMATS §13); wave32: 128 bytes a pass, lanes in order.
        if wave == 64 and width > 8:
            halves = [(0, 20), (4, 16), (8, 28), (12, 24)]
            return [set(range(h + a, h + a + 4)) | set(range(h + b, h + b + 4)) for h in (0, 32) for a, b in halves]
        per = 32 if width <= 4 else 16 if width <= 8 else 8
        return [set(range(f, min(f + per, wave))) for f in range(0, wave, per)]

    acc = {}
    for kind, marker, _se, _cu, _simd, _wave, dispatch, co, exec_mask, addrs in truth_traces():
        kernel = truth["kernels"][str(co)]
        op = ops[(co, marker)]
        width = op["access_bytes"] or 4
        r = acc.setdefault((kernel, co, marker), {"kind": kind, "executions": 0, "active_lanes": 0, "seen": set(),
                                                  "lines": 0, "ideal": 0, "ways": 0, "extra": 0, "distinct": 0, "worst": 0, "worst_sum": 0,
                                                  "strides": Counter(), "width": width})
        lanes = [l for l in range(64) if exec_mask >> l & 1]
        r["executions"] += 1
        r["active_lanes"] += len(addrs)
        r["seen"].update(addrs)
        # A map without widths: each lane counted at its address alone (as before widths).
        span = width if op["access_bytes"] else 1
        r["lines"] += len({line for a in addrs for line in range(a // 128, (a + span - 1) // 128 + 1)})
        r["ideal"] += -(-len(addrs) * width // 128)
        r["distinct"] += len({b for a in addrs for b in range(a, a + width)})
        served = min(span, 16)  # no LDS access is served wider than 16 bytes a lane
        worst = 0
        for lane_set in lane_sets(min(width, 16), op["wave_size"]):
            dwords = {d for l, a in zip(lanes, addrs) if l in lane_set for d in range(a // 4, (a + served - 1) // 4 + 1)}
            if dwords:
                most = max(Counter(d % 32 for d in dwords).values())
                r["ways"] += most
                r["extra"] += most - 1
                worst = max(worst, most)
        r["worst"] = max(r["worst"], worst)
        r["worst_sum"] += worst
        for i in range(1, len(lanes)):
            if lanes[i] == lanes[i - 1] + 1:
                r["strides"][addrs[i] - addrs[i - 1]] += 1
    want = []
    for (kernel, co, marker), r in acc.items():
        kind, n, op = r["kind"], r["executions"], ops[(co, marker)]
        digits = 8 if kind in lds or "permute" in kind else 16
        strides = r["strides"]
        dominant = None
        if strides:
            best = max(strides.values())
            dominant = min((s for s, c in strides.items() if c == best), key=lambda s: (abs(s), s < 0))
        row = {"kernel": kernel, "code_object": co, "marker_id": marker, "kind": kind,
               "source": op["source"] or None, "base": op["base"] or None, "access_bytes": r["width"],
               "access_bytes_assumed": op["access_bytes"] == 0, "executions": n,
               "active_lanes": r["active_lanes"], "unique_addresses": len(r["seen"]),
               "cache_lines_128b": r["lines"] if kind in cached else None,
               "ideal_cache_lines_128b": r["ideal"] if kind in cached else None,
               "lines_per_execution": r["lines"] / n if kind in cached else None,
               "ideal_lines_per_execution": r["ideal"] / n if kind in cached else None,
               "lines_vs_ideal": r["lines"] / r["ideal"] if kind in cached and r["ideal"] else None,
               "efficiency": r["distinct"] / (r["lines"] * 128) if kind in cached and r["lines"] else None,
               "lds_passes": r["ways"] if kind in lds else None,
               "lds_passes_per_execution": r["ways"] / n if kind in lds else None,
               "lds_bank_conflict_extra_cycles": r["extra"] if kind in lds else None,
               "lds_bank_worst_set_ways": r["worst"] if kind in lds else None,
               "lds_bank_mean_worst_set_ways": r["worst_sum"] / n if kind in lds else None,
               "dominant_stride": dominant,
               "address_min": f"0x{min(r['seen']):0{digits}x}" if r["seen"] else None,
               "address_max": f"0x{max(r['seen']):0{digits}x}" if r["seen"] else None}
        want.append(row)

    def cost(row):
        return row["cache_lines_128b"] if row["cache_lines_128b"] is not None else row["lds_passes"] or 0
    want.sort(key=lambda row: (-cost(row), row["kernel"], row["code_object"], row["marker_id"]))
    got = json.load(open(args.summary_json))
    if len(got) != len(want):
        fail(f"{len(got)} summary rows, truth {len(want)}")
    for g, w in zip(got, want):
        if g != w:
            diff = {k: (g.get(k), w.get(k)) for k in set(g) | set(w) if g.get(k) != w.get(k)}
            fail(f"summary row {w['kernel']} marker {w['marker_id']}: (got, truth) {diff}")
    kinds = sorted({row["kind"] for row in want})
    widths = sorted({row["access_bytes"] for row in want})
    print(f"summary: {len(got)} rows ({', '.join(kinds)}; widths {widths}) match the truth in every field and in order")

if args.diff:
    before = json.load(open(f"{args.baseline}/ground_truth.json"))["folded"]
    after = truth["folded"]
    roots = {k.split(";")[0] for k in after}

    def key(stack):
        return stack.split(";", 1)[1] if args.kernel_paths else stack

    def summed(folded):
        out = {}
        for k, v in folded.items():
            out[key(k)] = out.get(key(k), 0) + v
        return out

    before, after = summed(before), summed(after)
    got = {}
    for line in open(args.diff):
        stack, b, a = line.rstrip("\n").rsplit(" ", 2)
        if args.kernel_paths and stack.split(";")[0] not in roots:
            fail(f"{stack}: not under a code-object frame of the trace's truth ({sorted(roots)})")
        if key(stack) in got:
            fail(f"{key(stack)} twice in the differential output")
        got[key(stack)] = (int(b), int(a))
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
    # Kernel rows (D25): every wave's lifetime; the traced ones' time outside scopes.
    waves = {}
    for line in open(f"{args.out}/truth_waves.txt"):
        kernel, life, scoped, traced = line.rstrip("\n").split("\t")
        waves.setdefault(kernel, []).append((int(life), int(scoped), traced == "1"))
    for kernel, items in waves.items():
        lives = sorted(l for l, _, _ in items)
        want[(kernel, "(waves)", "kernel")] = {
            "count": len(lives), "total_cycles": sum(lives), "min_cycles": lives[0], "max_cycles": lives[-1],
            "p50_cycles": rank(lives, 50), "p90_cycles": rank(lives, 90), "p99_cycles": rank(lives, 99),
            "waves": sum(1 for _, _, t in items if t),
            "self_cycles": sum(l - min(s, l) for l, s, t in items if t)}
    got = {}
    for row in json.load(open(args.stats)):
        key = (row["kernel"], row["scope"], row["kind"])
        got[key] = {k: row[k] for k in want.get(key, {}) if k in row}
    if set(got) != set(want):
        fail(f"stats rows differ: extra {sorted(set(got) - set(want))[:3]}, missing {sorted(set(want) - set(got))[:3]}")
    for key in want:
        if got[key] != want[key]:
            fail(f"stats {key}: {got[key]}, truth {want[key]}")
    print(f"stats: {len(intervals)} scope rows, {len(data)} data rows and {len(waves)} kernel rows match the truth")

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


if args.instructions:
    want = {}
    for line in open(f"{args.out}/truth_instructions.txt"):
        kernel, scope, kind, waves, count, cycles, stall = line.rstrip("\n").split("\t")
        want[(kernel, scope, kind)] = (int(waves), int(count), int(cycles), int(stall))
    got = {(r["kernel"], r["scope"], r["kind"]): (r["waves"], r["instructions"], r["cycles"], r["stall_cycles"])
           for r in json.load(open(args.instructions))}
    if got != want:
        diff = sorted(set(got.items()) ^ set(want.items()))
        fail(f"instruction rows differ from the truth, e.g. {diff[:4]}")
    print(f"instructions: {len(got)} rows match the truth "
          f"({sum(v[1] for v in got.values())} instructions)")

if args.instruction_slices:
    import collections
    want = collections.Counter()
    for line in open(f"{args.out}/truth_instructions.txt"):
        kernel, scope, kind, waves, count, cycles, stall = line.rstrip("\n").split("\t")
        want[scope] += int(count)
    got = collections.Counter()
    for path in args.instruction_slices:
        events = [e for e in json.load(open(path))["traceEvents"] if e["ph"] == "X"]
        tracks = collections.defaultdict(list)
        for e in events:
            tracks[(e["pid"], e["tid"])].append(e)
        for slices in tracks.values():
            ns = lambda e: (round(e["ts"] * 1000), round(e["ts"] * 1000) + round(e["dur"] * 1000))
            slices.sort(key=lambda e: (ns(e)[0], e["cat"] == "sqtt.instruction", -ns(e)[1]))
            stack = []
            for e in slices:
                b, end = ns(e)
                while stack and ns(stack[-1])[1] <= b and not (ns(stack[-1])[1] == b == end):
                    stack.pop()
                if e["cat"] == "sqtt.instruction":
                    got[stack[-1]["name"] if stack else "(no scope)"] += 1
                else:
                    stack.append(e)
    if got != want:
        fail(f"instruction slices per enclosing scope differ from the truth: {sorted((got - want).items())[:3]}"
             f" extra, {sorted((want - got).items())[:3]} missing")
    print(f"instruction slices: {sum(got.values())} under the scopes the truth puts them in")
