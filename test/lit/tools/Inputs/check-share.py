#!/usr/bin/env python3
"""check-share.py SHARE_JSON

sqtt-verify --cost --trace's JSON for Inputs/cost-share.hip, in words: per
scope (by name) its records per execution and its share: "all"
within 5 % of 100 %, "under 15%", or the number. One line.
"""
import json
import sys

scopes = json.load(open(sys.argv[1]))["scopes"]
words = []
for s in sorted(scopes, key=lambda s: s["scope"]):
    share = s["share"]
    verdict = "all" if 0.95 <= share <= 1.05 else "under 15%" if share < 0.15 else f"{share:.3f}"
    words.append(f"{s['scope']} {s['records'] / s['executions']:.1f} {verdict}")
print("; ".join(words))
