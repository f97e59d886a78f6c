#!/usr/bin/env python3
"""instants-inside.py TRUTH_EVENTS POINT SCOPE - for a simulated trace's
truth_events.txt: how many POINT instants there are, and how many lie inside
an interval of SCOPE on their own wave (start <= time < end)."""
import collections
import sys

path, point, scope = sys.argv[1:4]
slices, instants = collections.defaultdict(list), []
for line in open(path):
    f = line.split()
    wave, kind = tuple(f[:6]), f[6]
    if kind == "S" and f[9] == scope:
        slices[wave].append((int(f[7]), int(f[8])))
    elif kind == "I" and f[-1] == point:
        instants.append((wave, int(f[7])))
inside = sum(any(b <= t < e for b, e in slices[w]) for w, t in instants)
print(f"{point}: {len(instants)} instants, {inside} inside {scope}")
