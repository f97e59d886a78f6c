#!/usr/bin/env python3
"""check-completeness.py BIN CODE_OBJECTS_DIR WORK SEED... [-- SYNTH_ARGS...]

For each seed and loss model, sqtt-synth writes a trace of the code objects
with --loss (truth_lost.txt lists every dropped record with its wave), and
sqtt-verify --trace checks it. Every wave that lost a record must be
reported incomplete and no other wave (0 false alarms); the first deviation
must come at or after the wave's first lost record, and no later than one
address block plus the burst after it (payload records carry values the
code does not fix, so a loss among them shows where the block ends); its
cause is "loss" for every wave whose deviating record the code could have
recorded there (a marker's ID: a payload word fits anywhere, so one where
a marker was due may be foreign). Without --loss every wave is complete
and the exit status 0; with losses it is 1. Prints a line per model; exits
1 on the first violation.
"""
import collections
import glob
import json
import os
import re
import subprocess
import sys

args = sys.argv[1:]
extra = []
if "--" in args:
    extra = args[args.index("--") + 1:]
    args = args[:args.index("--")]
bin_dir, co_dir, work, seeds = args[0], args[1], args[2], args[3:]
os.makedirs(work, exist_ok=True)
cos = sorted(glob.glob(os.path.join(co_dir, "*.co")))
MODELS = ["none", "burst=0.002:16", "burst=0.01:4", "buffer=40000", "buffer=90000,burst=0.001"]
BLOCK = 2 + 5 + 2 * 64  # the longest address block: header, struct buffer words, two words a lane


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def waves_of(report):
    """(dir index, se, cu, simd, slot, instance) -> wave, instances by launch."""
    by = collections.defaultdict(list)
    for w in report["waves"]:
        d = int(w["dir"].rsplit("_", 1)[1]) - 1
        by[(d, w["se"], w["cu"], w["simd"], w["slot"])].append(w)
    out = {}
    for k, ws in by.items():
        ws.sort(key=lambda w: w["begin"])
        for i, w in enumerate(ws):
            w["next_begin"] = ws[i + 1]["begin"] if i + 1 < len(ws) else 1 << 62
            out[k + (i,)] = w
    return out


def repeats_only(kept, lost):
    """Whether each run of lost records repeats the run just before or after
    it (a whole loop iteration): what is left is then a sequence the code
    produces with one iteration fewer, which no check can tell from it."""
    full = sorted(kept + [(t, v, True) for t, v in lost])
    values = [v for t, v, gone in full]
    i = 0
    while i < len(full):
        if not full[i][2]:
            i += 1
            continue
        j = i
        while j < len(full) and full[j][2]:
            j += 1
        run, n = values[i:j], j - i
        if values[i - n:i] != run and values[j:j + n] != run:
            return False
        i = j
    return True


for model in MODELS:
    totals = collections.Counter()
    for seed in seeds:
        out = os.path.join(work, f"{seed}-{model}")
        cmd = [os.path.join(bin_dir, "sqtt-synth"), "-c", *cos, "-o", out, "--seed", seed, "--force"] + extra
        if model != "none":
            cmd += ["--loss", model]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report_path = out + ".json"
        rc = subprocess.run([os.path.join(bin_dir, "sqtt-verify"), "--trace", out, "-q", "--report", report_path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        report = json.load(open(report_path))
        waves = waves_of(report)
        lost = collections.defaultdict(list)
        lost_values = collections.defaultdict(list)
        burst_hit = set()
        if model != "none":
            for line in open(os.path.join(out, "truth_lost.txt")):
                d, se, cu, simd, slot, inst, time, value, kind, *_ = line.split()
                if kind == "trap":
                    continue  # a trap handler's record: no wave lost it
                lost[(int(d), int(se), int(cu), int(simd), int(slot), int(inst))].append(int(time))
                lost_values[(int(d), int(se), int(cu), int(simd), int(slot), int(inst))].append((int(time), int(value)))
                if line.split()[-1] != "buffer":
                    burst_hit.add((int(d), int(se), int(cu), int(simd), int(slot), int(inst)))
        expect_rc = 1 if lost else 0
        if rc.returncode != expect_rc:
            fail(f"seed {seed} {model}: exit {rc.returncode}, expected {expect_rc}: {rc.stderr}")
        records = collections.defaultdict(list)
        for path in glob.glob(os.path.join(out, "ui_*", "shaderdata_*_0.json")):
            d = int(os.path.basename(os.path.dirname(path)).rsplit("_", 1)[1]) - 1
            se = int(os.path.basename(path).split("_")[1])
            for t, v, cu, simd, slot, flags in json.load(open(path))["records"]:
                if not flags & 2:  # the trap handler's records are no wave's
                    records[(d, se, cu, simd, slot)].append((t, v))
        for k, w in waves.items():
            totals["waves"] += 1
            if w["status"] == "complete":
                if k in lost:
                    lo = w["begin"] if k[5] else -(1 << 62)
                    kept = [(t, v, False) for t, v in records[k[:5]] if lo <= t < w["next_begin"]]
                    if repeats_only(kept, lost_values[k]):
                        totals["indistinguishable"] += 1
                        continue
                    # A full buffer cut the wave's last records, and what it kept
                    # is a whole run of its code: the SE's note says so.
                    tail = k not in burst_hit and all(t > max([t for t, v, g in kept] or [-1]) for t in lost[k])
                    note = f"{w['dir']}: SE {k[1]}: nothing was recorded after cycle"
                    if not (tail and any(n.startswith(note) for n in report["notes"])):
                        fail(f"seed {seed} {model}: wave {k} lost {len(lost[k])} records and is reported complete")
                    totals["buffer tails"] += 1
                continue
            if k not in lost:
                fail(f"seed {seed} {model}: wave {k} lost nothing and is reported incomplete: {w}")
            totals["incomplete"] += 1
            totals[w["cause"]] += 1
            # A payload word where a marker was due may be a data value whose
            # header was lost or a foreign record: no value tells them apart.
            totals["payload"] += w["cause"] != "loss" and re.fullmatch(r"0x[0-9a-f]+", w["got"]) is not None
            first = min(lost[k])
            lo = w["begin"] if k[5] else -(1 << 62)
            before = sum(1 for t, v in records[k[:5]] if lo <= t < w["next_begin"] and t < first)
            late = w["gap_index"] - before
            if late < 0 or late > BLOCK + 16:
                fail(f"seed {seed} {model}: wave {k}: deviation at record {w['gap_index']}, first loss after "
                     f"{before} records: {w}")
            totals["late"] = max(totals["late"], late)
        missing = [k for k in lost if k not in waves]
        if missing:
            fail(f"seed {seed} {model}: {len(missing)} waves with losses are not in the report, e.g. {missing[0]}")
        totals["lost_waves"] += len(lost)
    if totals["loss"] + totals["payload"] < totals["incomplete"]:
        fail(f"{model}: only {totals['loss']} of {totals['incomplete']} incomplete waves have the cause 'loss' "
             f"({totals['payload']} more deviate at a payload word)")
    print(f"{model}: {totals['waves']} waves, {totals['lost_waves']} waves lost records: each reported incomplete "
          f"({totals['incomplete']}) or lost only whole repetitions ({totals['indistinguishable']}) or a tail its SE's note "
          f"names ({totals['buffer tails']}), 0 false alarms, "
          f"first deviation at most {totals['late']} records after the first loss")
