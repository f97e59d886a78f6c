#!/usr/bin/env python3
"""check-scope-categories.py STATS_JSON RULE...

Each RULE is KERNEL_SUBSTRING:SCOPE:+CAT,-CAT,...: in sqtt-stats
--instructions -f json, the row of that kernel and scope has instructions of
every +CAT and none of any -CAT. What a scope's source does decides the
rules (a scope that only touches LDS has no VMEM or FLAT instruction).
"""
import json
import sys

rows = json.load(open(sys.argv[1]))
for rule in sys.argv[2:]:
    kernel, scope, cats = rule.split(":")
    match = [r for r in rows if kernel in r["kernel"] and r["scope"] == scope]
    if len(match) != 1:
        print(f"FAIL: {len(match)} rows for {kernel} / {scope}")
        sys.exit(1)
    have = {c for c, v in match[0]["categories"].items() if v["count"]}
    for c in cats.split(","):
        want = c[0] == "+"
        if (c[1:] in have) != want:
            print(f"FAIL: {kernel} / {scope} has {sorted(have)}: {c}")
            sys.exit(1)
    print(f"{scope}: {' '.join(sorted(have))}")
