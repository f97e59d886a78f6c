#!/usr/bin/env python3
"""check-file-lengths.py ROOT [SUBDIR...] - every source file in pass/ and
lib/ over 600 lines says at its top (within its first 30 lines) why it is
long, in a line starting "Long because".

Prints each long file with its length and whether it says why, then
"long files: N, without a reason: M"; exits 1 when one gives none."""
import sys
from pathlib import Path

LIMIT = 600
root = Path(sys.argv[1])
subdirs = sys.argv[2:] or ["pass", "lib"]
long_files = without = 0
for sub in subdirs:
    for path in sorted((root / sub).rglob("*")):
        if path.suffix not in (".h", ".hpp", ".cpp"):
            continue
        lines = path.read_text(errors="replace").splitlines()
        if len(lines) <= LIMIT:
            continue
        long_files += 1
        says = any(l.lstrip("/ ").startswith("Long because") for l in lines[:30])
        without += not says
        print(f"{path.relative_to(root)}: {len(lines)} lines, {'says why' if says else 'NO REASON'}")
print(f"long files: {long_files}, without a reason: {without}")
sys.exit(1 if without else 0)
