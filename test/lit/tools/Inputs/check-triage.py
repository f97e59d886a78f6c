#!/usr/bin/env python3
"""check-triage.py VERDICT.json [--kind K --gain TRUTH --tolerance T [--rank N] [--source S]]
                   [--max-severity S] [--no-scopes] [--evidence NAME=VALUE]

Checks sqtt-triage's JSON against the truth a test planted, and prints one
line per check ("... : yes" or "... : NO (why)") for FileCheck:
  - the document follows the sqtt-triage/1 contract (every key, types, ranks
    1..n, incomplete-trace first, gains descending otherwise);
  - --kind K --gain TRUTH --tolerance T: a finding of kind K (at rank N if
    given; with --source, at that source line) whose gain_cycles is within
    T (a fraction) of TRUTH;
  - --max-severity S: no finding louder than S;
  - --no-scopes: no finding names a scope (a marker-less capture: every
    scope is its kernel, and no kind that needs markers);
  - --evidence NAME=VALUE: the matched finding's evidence has it.
"""
import argparse
import json
import sys

KEYS = ["rank", "kind", "severity", "kernel", "dispatch", "scope", "source", "waves", "gain_cycles",
        "gain_percent", "confidence", "evidence", "action", "verify"]
SEVERITY = ["info", "warning", "error"]
NEEDS_MARKERS = {"marker-overhead"}

p = argparse.ArgumentParser()
p.add_argument("verdict")
p.add_argument("--kind")
p.add_argument("--gain", type=float)
p.add_argument("--tolerance", type=float, default=0.05)
p.add_argument("--rank", type=int)
p.add_argument("--source")
p.add_argument("--max-severity")
p.add_argument("--no-scopes", action="store_true")
p.add_argument("--evidence", action="append", default=[])
a = p.parse_args()

doc = json.load(open(a.verdict))
ok = True


def say(what, good, why=""):
    global ok
    ok &= good
    print(f"{what}: {'yes' if good else 'NO' + (' (' + why + ')' if why else '')}")


f = doc.get("findings", [])
problems = []
if doc.get("schema") != "sqtt-triage/1":
    problems.append("schema")
if "trace" not in doc or "baseline" not in doc:
    problems.append("trace/baseline")
for i, x in enumerate(f):
    missing = [k for k in KEYS if k not in x]
    if missing:
        problems.append(f"finding {i + 1} lacks {missing}")
    if x.get("rank") != i + 1:
        problems.append(f"finding {i + 1} has rank {x.get('rank')}")
    if x.get("severity") not in SEVERITY or x.get("confidence") not in ("high", "medium", "low"):
        problems.append(f"finding {i + 1}: severity or confidence")
    if not all(isinstance(w, list) and len(w) == 4 for w in x.get("waves", [])):
        problems.append(f"finding {i + 1}: waves")
    if x.get("kind") == "incomplete-trace" and i != 0:
        problems.append("incomplete-trace not first")
gains = [x["gain_cycles"] for x in f if x["kind"] != "incomplete-trace"]
if gains != sorted(gains, reverse=True):
    problems.append("gains not descending")
say(f"contract ({len(f)} findings)", not problems, "; ".join(problems))

if a.kind:
    match = [x for x in f if x["kind"] == a.kind and (a.source is None or (x["source"] or "").endswith(a.source))
             and (a.rank is None or x["rank"] == a.rank)]
    where = (f" at rank {a.rank}" if a.rank else "") + (f" at {a.source}" if a.source else "")
    if not match:
        say(f"{a.kind}{where}", False, "kinds: " + ", ".join(f"{x['rank']} {x['kind']} {x['source']}" for x in f))
    else:
        x = match[0]
        if a.gain is not None:
            good = abs(x["gain_cycles"] - a.gain) <= a.tolerance * a.gain
            say(f"{a.kind}{where}, gain within {a.tolerance:.0%} of {a.gain:g}", good, f"gain {x['gain_cycles']}")
        else:
            say(f"{a.kind}{where}", True)
        for e in a.evidence:
            name, _, want = e.partition("=")
            have = x["evidence"].get(name)
            try:
                good = abs(float(have) - float(want)) <= 1e-6 * max(1.0, abs(float(want)))
            except (TypeError, ValueError):
                good = str(have) == want
            say(f"evidence {name}={want}", good, f"{name}={have}")

if a.max_severity:
    louder = [x for x in f if SEVERITY.index(x["severity"]) > SEVERITY.index(a.max_severity)]
    say(f"nothing louder than {a.max_severity}", not louder,
        ", ".join(f"{x['kind']} {x['severity']}" for x in louder))

if a.no_scopes:
    scoped = [x for x in f if x["kind"] in NEEDS_MARKERS or (x["kernel"] and x["scope"] != x["kernel"])]
    say("no finding that needs markers", not scoped, ", ".join(f"{x['kind']} {x['scope']}" for x in scoped))

sys.exit(0 if ok else 1)
