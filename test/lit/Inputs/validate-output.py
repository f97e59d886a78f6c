#!/usr/bin/env python3
"""validate-output.py KIND FILE - checks a tool output against its format.

  folded      every line "frame;frame;... <count>" (flamegraph.pl, inferno)
  speedscope  speedscope's file-format schema (shared frames, sampled profiles)
  chrome      Chrome trace JSON: metadata first, ids in [1, 2^31), X slices
              nest per thread, every slice and instant with arguments
  svg         well-formed SVG with the interactive frames
Prints "<KIND> ok: <details>" or an error and exits 1.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET


def fail(msg):
    print(f"error: {msg}")
    sys.exit(1)


def folded(path):
    lines = open(path).read().splitlines()
    pattern = re.compile(r"^[^;\s][^;]*(;[^;]+)* [0-9]+$")
    for n, line in enumerate(lines, 1):
        if not pattern.match(line):
            fail(f"line {n} is not 'frame;frame <count>': {line!r}")
    return f"{len(lines)} stacks"


def speedscope(path):
    doc = json.load(open(path))
    if doc.get("$schema") != "https://www.speedscope.app/file-format-schema.json":
        fail("$schema missing")
    frames = doc["shared"]["frames"]
    if not all(isinstance(f, dict) and isinstance(f.get("name"), str) for f in frames):
        fail("frames must be objects with a string name")
    units = {"none", "nanoseconds", "microseconds", "milliseconds", "seconds", "bytes"}
    for p in doc["profiles"]:
        if p["type"] != "sampled" or p["unit"] not in units:
            fail(f"bad profile type/unit {p['type']}/{p['unit']}")
        if not all(isinstance(p[k], (int, float)) for k in ("startValue", "endValue")):
            fail("startValue/endValue must be numbers")
        if len(p["samples"]) != len(p["weights"]):
            fail("samples and weights differ in length")
        for s in p["samples"]:
            if not all(isinstance(i, int) and 0 <= i < len(frames) for i in s):
                fail(f"sample {s} indexes outside the frames")
        if p["endValue"] != sum(p["weights"]):
            fail("endValue is not the sum of the weights")
    if not isinstance(doc.get("name"), str) or not isinstance(doc.get("exporter"), str):
        fail("name/exporter missing")
    return f"{len(frames)} frames, {sum(len(p['samples']) for p in doc['profiles'])} samples"


def chrome(path):
    doc = json.load(open(path))
    events = doc["traceEvents"]
    if "displayTimeUnit" in doc or "time_unit" not in doc.get("otherData", {}):
        fail("times must be microseconds, said in otherData.time_unit (no displayTimeUnit)")
    seen_data, threads, spans = False, set(), {}
    for e in events:
        ph = e["ph"]
        for key in ("pid", "tid"):
            if key in e and not (isinstance(e[key], int) and 1 <= e[key] < 2**31):
                fail(f"{key} is not an integer in [1, 2^31): {e}")
        if ph == "M":
            if seen_data:
                fail("metadata event after data events")
            continue
        seen_data = True
        if not isinstance(e["ts"], (int, float)):
            fail(f"ts is not a number: {e}")
        if ph == "C":
            if not e.get("args") or not all(isinstance(v, (int, float)) for v in e["args"].values()):
                fail(f"counter without numeric args: {e}")
            continue
        key = (e["pid"], e["tid"])
        threads.add(key)
        if not e.get("name") or not e.get("cat", "").startswith("sqtt.") or not e.get("args"):
            fail(f"event without name/cat/args: {e}")
        if ph == "X":
            if not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0:
                fail(f"X without a duration: {e}")
            spans.setdefault(key, []).append((e["ts"], -e["dur"], e["ts"] + e["dur"]))
        elif ph == "i":
            if e.get("s") != "t":
                fail("instant without thread scope")
        else:
            fail(f"unexpected phase {ph}")
    for key, list_ in spans.items():
        stack = []
        for begin, _, end in sorted(list_):
            while stack and stack[-1] <= begin:
                stack.pop()
            if stack and end > stack[-1]:
                fail(f"slices on thread {key} do not nest")
            stack.append(end)
    return f"{len(events)} events, {len(threads)} threads, all slices nested"


def svg(path):
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    frames = root.findall(f".//{ns}g[@class='fr']")
    if not frames:
        fail("no frames")
    names = [f.get("data-name") for f in frames]
    if names[0] != "all":
        fail("the root frame is not 'all'")
    for f in frames:
        if f.find(f"{ns}title") is None or f.find(f"{ns}rect") is None:
            fail("frame without title or rect")
    if root.find(f".//{ns}script") is None:
        fail("no script")
    return f"{len(frames)} frames"


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    print(f"{kind} ok: {globals()[kind](path)}")
