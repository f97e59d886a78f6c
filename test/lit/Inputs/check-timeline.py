#!/usr/bin/env python3
"""check-timeline.py SYNTH_OUT FILE... [--clock-rate-ghz G]

Reads sqtt-perfetto outputs the way the viewers do and compares every wave's
slices and instants with sqtt-synth's ground truth (truth_events.txt), the
"waves in flight" counters with occupancy.json, and the data-marker counters
with the data markers' payloads.

  *.perfetto.json  Perfetto's JSON import rules (FORMATS §11): pid/tid
                   coerced to unsigned 32 bits (out of range -> 0, a tid of 0
                   -> the pid), ts/dur in microseconds rounded to whole ns,
                   B/E paired per thread whatever their names, X slices
                   nested per thread, thread-scoped instants, C counters per
                   process named "<name> <arg>".
  *.pftrace        our own protobuf reader: Trace.packet, TrackDescriptor
                   (uuid/parent/name/counter), TrackEvent (SLICE_BEGIN/END,
                   INSTANT, COUNTER), interned names and debug annotations on
                   the packet sequence, each cleared generation's
                   TracePacketDefaults track for events without a
                   track_uuid, ns timestamps.
Beyond what the viewers need, it checks what this project promises: ids in
[1, 2^31), tracks in SE/CU/SIMD/slot/instance order, the arguments of every
slice and instant (the marker's and the payload; the wave's are the
track's, never repeated per event), and the GPU -> dispatch -> SE -> CU ->
SIMD -> wave hierarchy of the pftrace. Prints one summary line per file or an error.
"""
import argparse
import collections
import json
import math
import os
import re
import sys

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("files", nargs="+")
ap.add_argument("--clock-rate-ghz", type=float, default=0)
args = ap.parse_args()

WAVE = re.compile(r"^SE(\d+)/CU(\d+)/SIMD(\d+)/W(\d+)#(\d+)$")


def fail(msg):
    print(f"error: {msg}")
    sys.exit(1)


def llround(x):
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


def to_ns(cycles):
    return llround(cycles / args.clock_rate_ghz) if args.clock_rate_ghz else cycles


# --- JSON, the way Perfetto's importer reads it ------------------------------

def coerce_ts(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        fail(f"timestamp {v!r} is not a number")
    return v * 1000 if isinstance(v, int) else llround(v * 1000.0)


def coerce_u32(v):
    if isinstance(v, float):
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool):
        fail(f"pid/tid {v!r} is not an integer (Perfetto would intern it as a string)")
    return v if 0 <= v < 2**32 else 0


def read_json(path):
    doc = json.load(open(path))
    if "displayTimeUnit" in doc:
        fail("displayTimeUnit is set (Perfetto ignores it; times are microseconds)")
    note = doc.get("otherData", {}).get("time_unit", "")
    if ("cycles shown as ns" in note) != (args.clock_rate_ghz == 0):
        fail(f"otherData.time_unit does not say what the times are: {note!r}")
    model = new_model()
    stacks = collections.defaultdict(list)
    sort_index = {}
    for order, e in enumerate(doc["traceEvents"]):
        ph = e.get("ph")
        pid = coerce_u32(e.get("pid", 0))
        tid = coerce_u32(e.get("tid", 0))
        for key in ("pid", "tid"):
            if key in e and not 1 <= e[key] < 2**31:
                fail(f"{key} {e[key]} outside [1, 2^31) in {e}")
        if tid == 0 and pid != 0:
            tid = pid
        thread = (pid, tid)
        if ph == "M":
            name, value = e["name"], e["args"]
            if name == "process_name":
                model["processes"][pid] = value["name"]
            elif name == "thread_name":
                model["threads"][thread]["name"] = value["name"]
                model["threads"][thread]["process"] = pid
                # The wave's arguments, once (D: an event carries only its
                # name, time and payload).
                model["threads"][thread]["args"] = {k: v for k, v in value.items() if k != "name"}
            elif name == "thread_sort_index":
                sort_index[thread] = value["sort_index"]
            continue
        ts = coerce_ts(e["ts"])
        if ph == "X":
            if "dur" not in e:
                fail(f"X without dur: {e}")
            add_slice(model, thread, e["name"], ts, ts + coerce_ts(e["dur"]), e.get("args"), order)
        elif ph == "B":
            stacks[thread].append((e.get("name"), ts, e.get("args"), order))
        elif ph == "E":
            if not stacks[thread]:
                fail(f"E without an open slice on {thread}")
            name, begin, a, o = stacks[thread].pop()
            if "name" in e and e["name"] != name:
                fail(f"E names {e['name']} but closes {name} (speedscope would not close it)")
            add_slice(model, thread, name, begin, ts, a, o)
        elif ph in ("i", "I"):
            if e.get("s", "t") != "t":
                fail(f"instant not thread-scoped: {e}")
            model["threads"][thread]["instants"].append((e["name"], ts, e.get("args")))
        elif ph == "C":
            for key, value in e["args"].items():
                model["counters"][(pid, f"{e['name']} {key}")].append((ts, value))
        else:
            fail(f"unexpected phase {ph!r}")
    if any(stacks.values()):
        fail("slices left open")
    check_nesting(model)
    # Tracks in SE/CU/SIMD/slot/instance order within each process.
    for pid in model["processes"]:
        ts_ = [t for t in model["threads"] if t[0] == pid]
        by_index = sorted(ts_, key=lambda t: sort_index.get(t, 1 << 40))
        by_wave = sorted(ts_, key=lambda t: wave_key(model["threads"][t]["name"]))
        if by_index != by_wave:
            fail(f"thread sort indices of process {pid} are not in SE/CU/SIMD/slot order")
    return model


# --- pftrace, through our own protobuf reader -------------------------------

def varint(buf, i):
    shift = value = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, i
        shift += 7


def fields(buf):
    """Yields (field, wire type, value) of one message: ints or bytes."""
    i = 0
    while i < len(buf):
        key, i = varint(buf, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, i = varint(buf, i)
        elif wire == 1:
            value, i = int.from_bytes(buf[i:i + 8], "little"), i + 8
        elif wire == 2:
            n, i = varint(buf, i)
            value, i = buf[i:i + n], i + n
            if i > len(buf):
                fail("length-delimited field runs past its message")
        elif wire == 5:
            value, i = int.from_bytes(buf[i:i + 4], "little"), i + 4
        else:
            fail(f"wire type {wire} of field {field}")
        yield field, wire, value


def signed64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def read_pftrace(path):
    data = open(path, "rb").read()
    model = new_model()
    tracks = {}
    interned = None  # table -> iid -> string
    default_track = None  # TracePacketDefaults.track_event_defaults.track_uuid
    open_slices = collections.defaultdict(list)
    last_ts = {}
    order = 0
    for field, wire, packet in fields(data):
        if field != 1 or wire != 2:
            fail(f"Trace field {field} is not a packet")
        p = collections.defaultdict(list)
        for f, _, v in fields(packet):
            p[f].append(v)
        flags = p[13][0] if p[13] else 0
        if flags & 1:
            interned = collections.defaultdict(dict)
            default_track = None
        for blob in p[59]:
            if interned is None:
                fail("packet defaults before the sequence was cleared")
            for f, _, defaults in fields(blob):
                for g, _, v in fields(defaults) if f == 11 else ():
                    if g == 11:
                        default_track = v
        for blob in p[12]:
            if interned is None:
                fail("interned data before the sequence was cleared")
            for table, _, entry in fields(blob):
                e = dict((f, v) for f, _, v in fields(entry))
                interned[table][e[1]] = e[2].decode()
        for blob in p[60]:
            d = collections.defaultdict(list)
            for f, _, v in fields(blob):
                d[f].append(v)
            tracks[d[1][0]] = {"name": d[2][0].decode(), "parent": d[5][0] if d[5] else 0,
                               "counter": bool(d[8]), "rank": signed64(d[12][0]) if d[12] else None}
        for blob in p[11]:
            ev = collections.defaultdict(list)
            for f, _, v in fields(blob):
                ev[f].append(v)
            ts, kind = p[8][0], ev[9][0]
            uuid = ev[11][0] if ev[11] else default_track
            if uuid is None:
                fail("track event without a track_uuid nor a default one")
            if flags & 2 == 0 and kind in (1, 3):
                fail("track event with interned names without SEQ_NEEDS_INCREMENTAL_STATE")
            if uuid not in tracks:
                fail(f"event on undeclared track {uuid}")
            # Perfetto sorts events by time; a slice track's (one wave's)
            # come in order anyway, a counter's from many waves need not.
            if kind != 4 and ts < last_ts.get(uuid, 0):
                fail(f"track {tracks[uuid]['name']}: time goes backwards")
            last_ts[uuid] = ts
            order += 1
            if kind == 4:
                t = tracks[uuid]
                if not t["counter"]:
                    fail("counter value on a slice track")
                model["counters"][(t["parent"], t["name"])].append((ts, signed64(ev[30][0])))
                continue
            if kind == 2:
                if not open_slices[uuid]:
                    fail(f"SLICE_END without a begin on {tracks[uuid]['name']}")
                name, begin, a, o = open_slices[uuid].pop()
                add_slice(model, uuid, name, begin, ts, a, o)
                continue
            name = interned[2][ev[10][0]]
            a = {}
            for ann in ev[4]:
                d = dict((f, v) for f, _, v in fields(ann))
                key = interned[3][d[1]]
                a[key] = interned[29][d[17]] if 17 in d else signed64(d[4])
            if kind == 1:
                open_slices[uuid].append((name, ts, a, order))
            elif kind == 3:
                model["threads"][uuid]["instants"].append((name, ts, a))
            else:
                fail(f"track event type {kind}")
    if any(open_slices.values()):
        fail("slices left open")
    check_nesting(model)
    # The hierarchy: root -> dispatch -> SE -> CU -> SIMD -> wave.
    for uuid, t in tracks.items():
        m = WAVE.match(t["name"])
        if not m:
            continue
        chain, up = [], t["parent"]
        while up:
            chain.append(tracks[up]["name"])
            up = tracks[up]["parent"]
        se, cu, simd = m.group(1, 2, 3)
        if chain[:3] != [f"SIMD{simd}", f"CU{cu}", f"SE{se}"] or len(chain) != 5 \
                or not chain[3].startswith("dispatch "):
            fail(f"track {t['name']} sits under {chain}")
        process = tracks[tracks[tracks[t["parent"]]["parent"]]["parent"]]["parent"]
        model["threads"][uuid]["name"] = t["name"]
        model["threads"][uuid]["process"] = process
        # The wave's arguments are its tracks': SE/CU/SIMD/slot/instance from
        # the names, the code object from the dispatch's.
        dispatch = tracks[process]["name"]
        co = re.search(r" \(code object (\d+)\)$", dispatch)
        dispatch = dispatch[:co.start()] if co else dispatch
        slot, inst = WAVE.match(t["name"]).group(4, 5)
        wa = {"se": int(se), "cu": int(cu), "simd": int(simd), "slot": int(slot), "instance": int(inst)}
        if ": " in dispatch:
            wa["kernel"] = dispatch.split(": ", 1)[1]
        if co:
            wa["code_object"] = int(co.group(1))
        model["threads"][uuid]["args"] = wa
        model["processes"][process] = dispatch
    # Siblings in explicit order: SEs, CUs, SIMDs, waves by number.
    children = collections.defaultdict(list)
    for uuid, t in tracks.items():
        if not t["counter"] and t["parent"]:
            children[t["parent"]].append(t)
    for kids in children.values():
        if [k["name"] for k in sorted(kids, key=lambda k: k["rank"])] != \
                sorted((k["name"] for k in kids), key=name_key):
            fail(f"tracks not in explicit order: {[k['name'] for k in kids]}")
    return model


def name_key(name):
    m = WAVE.match(name)
    if m:
        return (0, tuple(map(int, m.groups())))
    m = re.match(r"^(SE|CU|SIMD|dispatch )(\d+)", name)
    return (0, (int(m.group(2)),)) if m else (1, name)


# --- shared ----------------------------------------------------------------

def new_model():
    return {"processes": {},
            "threads": collections.defaultdict(lambda: {"slices": [], "instants": []}),
            "counters": collections.defaultdict(list)}


def add_slice(model, thread, name, begin, end, a, order):
    if end < begin:
        fail(f"slice {name} ends before it begins")
    model["threads"][thread]["slices"].append((name, begin, end, a, order))


def wave_key(name):
    m = WAVE.match(name or "")
    if not m:
        fail(f"thread name {name!r} is not SE<se>/CU<cu>/SIMD<simd>/W<slot>#<instance>")
    return tuple(map(int, m.groups()))


def check_nesting(model):
    """Slices on one track nest: a slice that starts inside another ends inside it."""
    for thread, t in model["threads"].items():
        stack = []
        for name, begin, end, _, _ in sorted(t["slices"], key=lambda s: (s[1], -s[2], s[4])):
            while stack and stack[-1] <= begin:
                stack.pop()
            if stack and end > stack[-1]:
                fail(f"{t.get('name')}: slice {name} [{begin}, {end}] overlaps its parent's end {stack[-1]}")
            stack.append(end)


def load_truth():
    truth = collections.defaultdict(lambda: {"slices": [], "instants": []})
    for line in open(os.path.join(args.out, "truth_events.txt")):
        d, se, cu, simd, wave, inst, kind, a, b, name = line.rstrip("\n").split(" ", 9)
        key = (int(d), int(se), int(cu), int(simd), int(wave), int(inst))
        if kind == "S":
            truth[key]["slices"].append((name, int(a), int(b)))
        else:
            truth[key]["instants"].append((name, int(a), None if b == "-" else int(b)))
    return truth


def occupancy_counters(ui_dir):
    occ = json.load(open(os.path.join(ui_dir, "occupancy.json")))
    steps = collections.defaultdict(list)
    for se, rows in occ.items():
        if not se.isdigit():
            continue
        per_slot = collections.defaultdict(list)
        for t, cu, simd, wave, start, kid in rows:
            per_slot[(cu, simd, wave)].append((t, start, kid))
        for events in per_slot.values():
            open_kid = None
            for t, start, kid in sorted(events, key=lambda e: e[0]):
                # Each dispatch's count, and each of its SEs' (keyed (kid, se)).
                if start:
                    if open_kid is not None:
                        steps[open_kid].append((t, -1))
                        steps[(open_kid, int(se))].append((t, -1))
                    steps[kid].append((t, 1))
                    steps[(kid, int(se))].append((t, 1))
                    open_kid = kid
                elif open_kid is not None:
                    steps[open_kid].append((t, -1))
                    steps[(open_kid, int(se))].append((t, -1))
                    open_kid = None
    series = {}
    for kid, s in steps.items():
        s.sort()
        count, out = 0, []
        for i, (t, delta) in enumerate(s):
            count += delta
            if i + 1 < len(s) and s[i + 1][0] == t:
                continue
            out.append((to_ns(t), count))
        series[kid] = out
    return series


def check(path, model, truth):
    dir_name = os.path.basename(path).split(".")[0]
    m = re.match(r"^ui_output_agent_1_dispatch_(\d+)$", dir_name)
    if not m:
        fail(f"{path}: not named after a synthetic trace directory")
    dir_index = int(m.group(1)) - 1
    waves = collections.defaultdict(lambda: {"slices": [], "instants": []})
    marker_ids = {}
    for thread, t in model["threads"].items():
        if not t["slices"] and not t["instants"]:
            continue
        se, cu, simd, slot, inst = wave_key(t.get("name"))
        process = model["processes"].get(t.get("process"))
        if not process:
            fail(f"{t.get('name')} has no named process")
        kernel = process.split(": ", 1)[1] if ": " in process else None
        w = waves[(dir_index, se, cu, simd, slot, inst)]
        wave_args = t.get("args") or {}
        want = {"se": se, "cu": cu, "simd": simd, "slot": slot, "instance": inst}
        if kernel:
            want["kernel"] = kernel
        for k, v in want.items():
            if wave_args.get(k) != v:
                fail(f"{t['name']}: wave argument {k} = {wave_args.get(k)!r}, expected {v!r}")
        if not isinstance(wave_args.get("code_object"), int):
            fail(f"{t['name']}: no code_object among the wave's arguments {wave_args}")
        for kind, items in (("slices", t["slices"]), ("instants", t["instants"])):
            for item in items:
                name, begin, a = item[0], item[1], item[3] if kind == "slices" else item[2]
                if a is None:
                    fail(f"{name} at {begin} carries no arguments")
                repeated = set(a) & {"se", "cu", "simd", "slot", "instance", "kernel", "code_object",
                                     "cycle", "cycles"}
                if repeated:
                    fail(f"{t['name']} {name}: the event repeats {sorted(repeated)}")
                expected_kinds = ("function", "user") if kind == "slices" else ("point", "data")
                if a.get("kind") not in expected_kinds or not isinstance(a.get("marker_id"), int):
                    fail(f"{t['name']} {name}: bad kind/marker_id in {a}")
                if "source" in a and not re.match(r"^\S+:\d+", a["source"]):
                    fail(f"{name}: source {a['source']!r} is not file:line")
                co = wave_args["code_object"]
                if marker_ids.setdefault((co, name), a["marker_id"]) != a["marker_id"]:
                    fail(f"{name} has two marker IDs in code object {co}")
                if kind == "slices":
                    w["slices"].append((name, item[1], item[2]))
                else:
                    w["instants"].append((name, a.get("value"), begin))
    slices = instants = 0
    for key, want in truth.items():
        if key[0] != dir_index:
            continue
        got = waves.pop(key, {"slices": [], "instants": []})
        exp_s = sorted((n, to_ns(b), to_ns(e)) for n, b, e in want["slices"])
        if sorted(got["slices"]) != exp_s:
            diff = set(got["slices"]) ^ set(exp_s)
            fail(f"wave {key}: slices differ from the truth, e.g. {sorted(diff)[:3]}")
        exp_i = sorted((n, v, to_ns(t)) for n, t, v in want["instants"])
        if sorted(got["instants"], key=str) != sorted(exp_i, key=str):
            diff = set(got["instants"]) ^ set(exp_i)
            fail(f"wave {key}: instants differ from the truth, e.g. {sorted(diff, key=str)[:3]}")
        slices += len(exp_s)
        instants += len(exp_i)
    if any(w["slices"] or w["instants"] for w in waves.values()):
        fail(f"waves not in the truth: {sorted(waves)[:3]}")
    # Counters: waves in flight per dispatch, data values per marker name.
    occupancy = occupancy_counters(os.path.join(args.out, dir_name))
    points = 0
    data = collections.defaultdict(list)
    for thread, t in model["threads"].items():
        for name, ts, a in t["instants"]:
            if a.get("kind") == "data":
                data[(t["process"], f"{name} value")].append((ts, a["value"]))
    engines_seen = set()
    for (process, name), values in model["counters"].items():
        dispatch = int(re.match(r"^dispatch (\d+)", model["processes"][process]).group(1))
        per_se = re.match(r"^SE(\d+) waves in flight$", name)
        if name == "waves in flight":
            if values != occupancy[dispatch]:
                fail(f"dispatch {dispatch}: waves in flight {values[:4]}... differ from occupancy {occupancy[dispatch][:4]}...")
        elif per_se:
            key = (dispatch, int(per_se.group(1)))
            if values != occupancy.get(key):
                fail(f"dispatch {dispatch}: {name} {values[:4]}... differ from occupancy {occupancy.get(key, [])[:4]}...")
            engines_seen.add(key)
        elif sorted(values) != sorted(data.pop((process, name), [])):
            fail(f"counter {name} of dispatch {dispatch} differs from its data markers")
        points += len(values)
    if any(data.values()):
        fail(f"data markers without a counter: {sorted(data)[:3]}")
    if not any(n == "waves in flight" for _, n in model["counters"]):
        fail("no waves-in-flight counter")
    # An SE counter for each SE of each dispatch that ran on several.
    engines = collections.Counter(k[0] for k in occupancy if isinstance(k, tuple))
    want_engines = {k for k in occupancy if isinstance(k, tuple) and engines[k[0]] > 1 and
                    any(n == "waves in flight" and int(re.match(r"^dispatch (\d+)", model["processes"][p]).group(1)) == k[0]
                        for p, n in model["counters"])}
    if engines_seen != want_engines:
        fail(f"SE waves-in-flight counters {sorted(engines_seen)[:4]} are not those of the dispatches on several SEs "
             f"{sorted(want_engines)[:4]}")
    print(f"{os.path.basename(path)}: {slices} slices and {instants} instants of "
          f"{sum(1 for k in truth if k[0] == dir_index)} waves and {points} counter values match the truth")


truth = load_truth()
for path in args.files:
    if path.endswith(".pftrace"):
        model = read_pftrace(path)
    else:
        model = read_json(path)
    check(path, model, truth)
