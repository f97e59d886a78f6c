#!/usr/bin/env python3
"""check-host-time.py FILE START_NS END_NS

Checks that a timeline of sqtt-perfetto lies on the host's CLOCK_BOOTTIME
within a dispatch's host window START_NS..END_NS (rocprofv3's database).

  *.pftrace        decoded by protoc --decode_raw: every packet with a
                   timestamp must be on clock 6 (Perfetto's builtin BOOTTIME),
                   given by the packet or by its sequence's TracePacketDefaults
                   (field 59, timestamp_clock_id 58), and every TrackEvent's
                   time within the window.
  *.perfetto.json  every event's ts (microseconds) within the window.
Prints one line; exits 1 on the first violation.
"""
import json
import subprocess
import sys

path, start, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


if path.endswith(".pftrace"):
    text = subprocess.run(["protoc", "--decode_raw"], stdin=open(path, "rb"), capture_output=True,
                          check=True).stdout.decode()
    packets, stack, packet = [], [], None
    for line in text.splitlines():
        line = line.strip()
        if line.endswith("{"):
            stack.append(line.split()[0])
            if stack == ["1"]:
                packet = {"ts": None, "seq": None, "clock": None, "defaults_clock": None, "event": False}
            elif stack == ["1", "11"]:
                packet["event"] = True
        elif line == "}":
            if stack == ["1"]:
                packets.append(packet)
            stack.pop()
        elif ":" in line:
            field, value = line.split(":", 1)
            value = value.strip()
            if stack == ["1"] and field == "8":
                packet["ts"] = int(value)
            elif stack == ["1"] and field == "10":
                packet["seq"] = int(value)
            elif stack == ["1"] and field == "58":
                packet["clock"] = int(value)
            elif stack == ["1", "59"] and field == "58":
                packet["defaults_clock"] = int(value)
    clocks, times = {}, []
    for p in packets:
        if p["defaults_clock"] is not None:
            clocks[p["seq"]] = p["defaults_clock"]
        if p["ts"] is None:
            continue
        clock = p["clock"] if p["clock"] is not None else clocks.get(p["seq"])
        if clock != 6:
            fail(f"a packet of sequence {p['seq']} at {p['ts']} is on clock {clock}, not BOOTTIME (6)")
        if p["event"]:
            times.append(p["ts"])
else:
    events = json.load(open(path))["traceEvents"]
    times = [round(float(e["ts"]) * 1000) for e in events if "ts" in e and e.get("ph") != "M"]
if not times:
    fail("no timed event")
if min(times) < start or max(times) > end:
    fail(f"events from {min(times)} to {max(times)} ns, outside the host window {start}..{end}")
print(f"{len(times)} events on BOOTTIME within the dispatch's host window, "
      f"{min(times) - start} ns after its start to {end - max(times)} ns before its end")
