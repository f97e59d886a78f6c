#!/usr/bin/env python3
"""check-inserted-share.py SHARE_JSON INSTRUCTIONS_JSON

Per scope of Inputs/inserted-share.hip (by name), in words: what the
instruction views say the plugin's instructions take of it (sqtt-stats
--instructions --json: inserted_cycles over cycles; "all" when they are every
cycle) and whether sqtt-verify --cost --trace --json's share agrees with it
within 5 % ("agree", else both numbers). One line.
"""
import json
import sys

cost = {s["scope"]: s for s in json.load(open(sys.argv[1]))["scopes"]}
views = {r["scope"]: r for r in json.load(open(sys.argv[2])) if r["kind"] in ("function", "user")}
words = []
for scope in sorted(views):
    r = views[scope]
    seen = r["inserted_cycles"] / r["cycles"] if r["cycles"] else 0
    inserted = "all" if r["inserted_cycles"] == r["cycles"] else "part" if r["inserted_cycles"] else "none"
    estimate = cost[scope]["share"] if scope in cost else 0
    verdict = "agree" if seen and abs(estimate - seen) <= 0.05 * seen else f"DIFFER {estimate:.3f} vs {seen:.3f}"
    words.append(f"{scope} {inserted} {verdict}")
print("; ".join(words))
