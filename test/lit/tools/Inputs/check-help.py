#!/usr/bin/env python3
"""check-help.py TOOL HELP_FILE - fails (exit 1, a line per problem) unless
TOOL's --help output in HELP_FILE keeps the rules every tool's help follows
(issue 36, tools/HelpFormat.h):

  - the first line is "Usage: TOOL [OPTIONS] ...";
  - no line is wider than 80 columns;
  - no CLI11 parser type tag (TEXT, INT, UINT, FLOAT, "INT in [0 - 255]",
    ":{a,b}", NONNEGATIVE, REQUIRED, Needs:/Excludes:) and no option names
    run together ("-h,--help" instead of "-h, --help");
  - -h, --help, --version and -q, --quiet are listed;
  - an "Output:" section, an "Examples:" section whose commands start with
    TOOL, and an "Exit status:" section with statuses 0 and 2 (usage).
"""
import re
import sys

tool, path = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().splitlines()
problems = []


def problem(text):
    problems.append(text)


if not lines or not lines[0].startswith(f"Usage: {tool} [OPTIONS]"):
    problem(f"first line is not 'Usage: {tool} [OPTIONS] ...': {lines[0] if lines else '(empty)'!r}")

for n, line in enumerate(lines, 1):
    if len(line) > 80:
        problem(f"line {n} is {len(line)} columns wide: {line!r}")
    if line != line.rstrip():
        problem(f"line {n} ends in spaces: {line!r}")

TAGS = re.compile(r"\b(TEXT|INT|UINT|FLOAT|NUMBER|BOOLEAN|NONNEGATIVE|POSITIVE|REQUIRED)\b"
                  r"|:\{|\bin \[-?\d|\bNeeds:|\bExcludes:")
for n, line in enumerate(lines, 1):
    m = TAGS.search(line)
    if m:
        problem(f"line {n} has the parser tag {m.group(0)!r}: {line!r}")
    if re.match(r"\s+-", line) and re.search(r",-", line):
        problem(f"line {n} runs option names together: {line!r}")

for names in ("-h, --help", "--version", "-q, --quiet"):
    if not any(re.match(rf"  {re.escape(names)}\b", line) for line in lines):
        problem(f"no '{names}' option")


def section(title):
    """The lines under a heading, up to the next blank line."""
    if title not in lines:
        problem(f"no '{title}' section")
        return []
    body = []
    for line in lines[lines.index(title) + 1:]:
        if not line:
            break
        body.append(line)
    if not body:
        problem(f"the '{title}' section is empty")
    return body


section("Output:")
examples = [l for l in section("Examples:") if l.startswith("  ") and not l.startswith("    ")]
if not examples:
    problem("no example command")
for line in examples:
    if not line.startswith(f"  {tool} "):
        problem(f"example does not run {tool}: {line!r}")
statuses = {l.split()[0] for l in section("Exit status:") if re.match(r"  \d  ", l)}
for status in ("0", "2"):
    if status not in statuses:
        problem(f"exit status {status} is not described")

for p in problems:
    print(f"check-help: {tool}: {p}")
if problems:
    sys.exit(1)
print(f"check-help: {tool}: ok")
