#!/usr/bin/env python3
"""check-citations.py ROOT - every decision (D<n>) and format section
(FORMATS §<n>) that the code, help texts, README and docs/ cite exists in
docs/DESIGN.md (a "**D<n>." entry) or docs/FORMATS.md (a "## <n>." section).

Prints each citation with the files citing it and "citations: N, missing: M";
exits 1 when one is missing."""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1])
design = (root / "docs/DESIGN.md").read_text()
formats = (root / "docs/FORMATS.md").read_text()
decisions = set(re.findall(r"\*\*(D\d+)\.", design))
sections = set(re.findall(r"^## (\d+)\.", formats, re.M))
cited = {}
files = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
for sub in ("pass", "lib", "tools", "include"):
    if (root / sub).exists():
        files += [p for p in (root / sub).rglob("*") if p.suffix in (".h", ".hpp", ".cpp")]
for path in files:
    text = path.read_text(errors="replace")
    for d in re.findall(r"\b(D\d{1,2})\b", text):
        cited.setdefault(d, set()).add(path.relative_to(root).as_posix())
    for n in re.findall(r"FORMATS §(\d+)", text):
        cited.setdefault(f"FORMATS §{n}", set()).add(path.relative_to(root).as_posix())
missing = 0
for key in sorted(cited, key=lambda k: (k.startswith("FORMATS"), int(re.sub(r"\D", "", k)))):
    ok = key in decisions if key.startswith("D") else key.split("§")[1] in sections
    missing += not ok
    print(f"{key}: {'ok' if ok else 'MISSING'} ({len(cited[key])} files)")
print(f"citations: {len(cited)}, missing: {missing}")
sys.exit(1 if missing else 0)
