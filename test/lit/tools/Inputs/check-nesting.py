#!/usr/bin/env python3
"""check-nesting.py TRACE.json - every track's slices nest: each "X" event
lies inside the slice open around it (in whole ns, as Perfetto rounds ts
and dur), the rule one track of Perfetto and speedscope needs.
Prints "<n> slices on <m> tracks nest", or the first slice that does not and
exits 1."""
import json
import sys

events = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] == "X"]
tracks = {}
for e in events:
    tracks.setdefault((e["pid"], e["tid"]), []).append(e)
for track, slices in tracks.items():
    ns = lambda e: (round(e["ts"] * 1000), round(e["ts"] * 1000) + round(e["dur"] * 1000))
    slices.sort(key=lambda e: (ns(e)[0], -ns(e)[1]))
    open_ends = []
    for e in slices:
        begin, end = ns(e)
        while open_ends and open_ends[-1] <= begin and not (open_ends[-1] == begin == end):
            open_ends.pop()
        if open_ends and end > open_ends[-1]:
            print(f"track {track}: {e['name']} [{begin}, {end}) crosses the end of its parent at {open_ends[-1]}")
            sys.exit(1)
        open_ends.append(end)
print(f"{len(events)} slices on {len(tracks)} tracks nest")
