#!/usr/bin/env python3
"""check-citations.py ROOT - every decision (D<n>) and format section
(FORMATS §<n>) that the code, help texts, README and docs/ cite exists in
docs/DESIGN.md (a "**D<n>." entry) or docs/FORMATS.md (a "## <n>." section);
and every decision names the tests that hold it ("Held by:"), each of which
exists (`lit/...`, `unit/...` under test/, or a `test/...` path).

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
# Each decision: its rule, then the tests that hold it, which exist.
entries = re.split(r"^- (?=\*\*D\d+\.)", design, flags=re.M)[1:]
unheld = 0
for entry in entries:
    d = re.match(r"\*\*(D\d+)\.", entry).group(1)
    held = re.split(r"Held\s+by:", entry, maxsplit=1)
    tests = re.findall(r"`((?:lit|unit)/[^`\s]+|test/[^`\s]+)`", held[1]) if len(held) == 2 else []
    gone = [t for t in tests if not (root / (t if t.startswith("test/") else "test/" + t)).exists()]
    if len(held) != 2 or gone:
        unheld += 1
        print(f"{d}: " + ("names no test that holds it" if len(held) != 2 else f"names tests that do not exist: {gone}"))
print(f"decisions: {len(entries)}, without a test that holds them: {unheld}")
sys.exit(1 if missing or unheld else 0)
