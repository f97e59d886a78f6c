#!/usr/bin/env python3
"""check-triage-kinds.py KINDS.cpp THRESHOLDS.h DOC.md - the closed list of
sqtt-triage's kinds is written once in the code (kindTable() in
FindingKinds.cpp) and once in the docs (the table of DOC.md whose first
column is `kind`): both must name the same kinds in the same order, with the
same usual severity and the same answer to "needs markers"; every threshold
constant the code's table names is defined in THRESHOLDS.h and named in the
doc. Prints each disagreement and "kinds: N agree"; exits 1 on any."""
import re
import sys

code, thresholds, doc = (open(p, encoding="utf-8").read() for p in sys.argv[1:4])
entry = re.compile(r'\{Kind::\w+,\s*"([a-z-]+)",\s*Severity::(\w+),\s*(true|false),(.*?)\},\n', re.S)
in_code = []
for name, severity, markers, rest in entry.findall(code):
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', rest)
    in_code.append((name, severity.lower(), markers == "true", " ".join(strings)))
row = re.compile(r"^\|\s*`([a-z-]+)`\s*\|\s*(info|warning|error)\s*\|\s*(yes|no)\s*\|", re.M)
in_doc = [(n, s, m == "yes") for n, s, m in row.findall(doc)]
problems = []
if [c[:3] for c in in_code] != in_doc:
    problems.append(f"the code's kinds {[c[:3] for c in in_code]} differ from the doc's {in_doc}")
for name, _, _, text in in_code:
    for const in re.findall(r"\b([A-Z][a-z]+(?:[A-Z][a-z]*)+)\b", text):
        if not re.search(rf"constexpr \w+ {const}\b", thresholds):
            problems.append(f"{name}: {const} is not a constant of the thresholds")
        elif const not in doc:
            problems.append(f"{name}: {const} is not named in the doc")
for p in problems:
    print("disagree: " + p)
print(f"kinds: {len(in_code)} {'agree' if not problems else 'disagree'}")
sys.exit(1 if problems or not in_code else 0)
