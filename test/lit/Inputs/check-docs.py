#!/usr/bin/env python3
"""check-docs.py ROOT - the README is a front door and the documents' links
hold:

  - the README opens with the two commands (make demo; make test
    test-llvm19), is at most 250 lines, and links to every page of docs/;
  - every relative link of the README and of docs/*.md names a file that
    exists and, with #anchor, a heading of it (GitHub's anchors: lower case,
    punctuation dropped, spaces as hyphens).

Prints each problem, then "docs: N links in M documents, P problems"; exits 1
when there is a problem."""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1])
LIMIT = 250
OPENING = ["# sqtt-instrument", "", "```sh", "make demo  ", "make test test-llvm19  "]
problems = []
readme = root / "README.md"
lines = readme.read_text(encoding="utf-8").splitlines()
opening = [l for l in lines[:5]]
if len(opening) < 5 or opening[:3] != OPENING[:3] or not all(l.startswith(o) for l, o in zip(opening[3:], OPENING[3:])):
    problems.append("README.md does not open with the two commands (make demo, make test test-llvm19)")
if len(lines) > LIMIT:
    problems.append(f"README.md has {len(lines)} lines, more than {LIMIT}: move the manual to docs/")


def anchors(path):
    found = set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        m = re.match(r"^#{1,6} (.*)", line)
        if m and not in_code:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            found.add(slug)
    return found


docs = [readme] + sorted((root / "docs").glob("*.md"))
links = 0
linked = set()
for doc in docs:
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        links += 1
        file, _, anchor = target.partition("#")
        path = (doc.parent / file).resolve() if file else doc.resolve()
        if doc == readme:
            linked.add(path)
        name = doc.relative_to(root).as_posix()
        if not path.exists():
            problems.append(f"{name}: link to {target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            problems.append(f"{name}: link to {target}: no such heading")
for page in sorted((root / "docs").glob("*.md")):
    if page.resolve() not in linked:
        problems.append(f"README.md does not link to docs/{page.name}")
for p in problems:
    print(f"docs: {p}")
print(f"docs: {links} links in {len(docs)} documents, {len(problems)} problems")
sys.exit(1 if problems else 0)
