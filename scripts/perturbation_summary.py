#!/usr/bin/env python3
"""perturbation_summary.py LABEL REPORT.json... - what the plugin changed in
many kernels beside its own instructions: one line with the kernels compared
and perturbed, then the perturbed kernels by kind of finding (scratch,
spills, occupancy, LDS, memory instructions, vector work, waits at markers),
with the scratch bytes and waits added. The reports are those of
`sqtt-verify --perturbation --json`; a build pair it could not compare
(an empty report) is counted with the reason sqtt-verify gave, in the
report's sibling .err file where there is one."""

import collections
import json
import os
import re
import sys


def kind_of(finding):
    for prefix, kind in (("scratch", "scratch"), ("spills", "spills"), ("occupancy", "occupancy"),
                         ("LDS", "LDS"), ("a dynamic stack", "dynamic stack")):
        if finding.startswith(prefix):
            return kind
    for part, kind in ((": memory instructions differ", "memory instructions"),
                       (": vector instructions differ", "vector work"),
                       ("right before a marker", "waits at markers")):
        if part in finding:
            return kind
    return "other"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    label, paths = sys.argv[1], sys.argv[2:]
    kernels = perturbed = unreadable = scratch = waits = 0
    kinds = collections.Counter()
    reasons = collections.Counter()
    for path in paths:
        try:
            doc = json.load(open(path))
        except (OSError, ValueError):
            unreadable += 1
            err = os.path.splitext(path)[0] + ".err"
            text = open(err).read() if os.path.exists(err) else ""
            m = re.findall(r"error: (?:[^:]*: )?(.*)", text)
            reason = m[-1].strip() if m else "no report"
            # The pair's file names differ per file: the reason without them.
            reason = re.sub(r"^\S+ and \S+ have", "the two builds have", reason)
            reasons[reason] += 1
            continue
        for comparison in doc.get("comparisons", []):
            for k in comparison["kernels"]:
                kernels += 1
                scratch += max(0, k["instrumented"]["scratch_bytes"] - k["plain"]["scratch_bytes"])
                waits += k["regions"][0]["waits_at_markers"] if k["regions"] else 0
                if k["perturbed"]:
                    perturbed += 1
                    for kind in {kind_of(f) for f in k["findings"]}:
                        kinds[kind] += 1
    print(f"{label}: perturbation: {kernels} kernels compared, {perturbed} perturbed"
          f" ({scratch} bytes of scratch per lane added in all, {waits} waits at markers)"
          + (f", {unreadable} build pairs not compared" if unreadable else ""))
    for kind, n in kinds.most_common():
        print(f"  {n} kernels: {kind}")
    for reason, n in reasons.most_common(5):
        print(f"  not compared ({n}): {reason}")


if __name__ == "__main__":
    main()
