#!/usr/bin/env python3
"""help-vs-docs.py DOC BIN_DIR TOOL... - fails (exit 1, a line per
disagreement) unless every TOOL's --help and its section of DOC (the
command-line reference, docs/TOOLS.md) agree:

  - every long option --help lists is named in the tool's section
    ("### `TOOL`"), or for the trace tools (whose help has "Trace options:")
    in "### Trace options"; --help, --version and --quiet, which every tool
    has, in "### Command-line conventions";
  - every long option those sections name is one --help lists.
"""
import re
import subprocess
import sys

doc_path, bin_dir, tools = sys.argv[1], sys.argv[2], sys.argv[3:]
text = open(doc_path, encoding="utf-8").read().splitlines()
# The file is named by its name alone; a test's copy ends with it (x.TOOLS.md).
doc = doc_path.rsplit("/", 1)[-1].rsplit(".", 2)[-2] + ".md"
LONG = re.compile(r"(?<![\w-])--[a-z0-9][a-z0-9-]*")
EVERY_TOOL = {"--help", "--version", "--quiet"}


def section(title):
    """The text under the heading '### title', up to the next heading."""
    heading = f"### {title}"
    if heading not in text:
        return None
    body = []
    for line in text[text.index(heading) + 1:]:
        if re.match(r"#{1,3} ", line):
            break
        body.append(line)
    return "\n".join(body)


def help_options(tool):
    out = subprocess.run([f"{bin_dir}/{tool}", "--help"], capture_output=True, text=True, check=True).stdout
    names = set()
    for line in out.splitlines():
        if re.match(r"  -", line):
            # The names end where the description starts: two spaces or more.
            names |= set(LONG.findall(re.split(r"\s{2,}", line.strip())[0]))
    return names, "\nTrace options:\n" in out


problems = []
conventions = section("Command-line conventions")
if conventions is None:
    problems.append(f"{doc} has no '### Command-line conventions' section")
else:
    for name in sorted(EVERY_TOOL - set(LONG.findall(conventions))):
        problems.append(f"'### Command-line conventions' does not name {name}")
trace = section("Trace options") or ""
for tool in tools:
    in_help, traces = help_options(tool)
    own = section(f"`{tool}`")
    if own is None:
        problems.append(f"{tool}: {doc} has no '### `{tool}`' section")
        continue
    in_doc = set(LONG.findall(own)) | (set(LONG.findall(trace)) if traces else set())
    for name in sorted(in_help - in_doc - EVERY_TOOL):
        problems.append(f"{tool}: --help lists {name}, its {doc} section does not")
    for name in sorted(in_doc - in_help):
        problems.append(f"{tool}: its {doc} section names {name}, --help does not list it")

for p in problems:
    print(f"help-vs-docs: {p}")
if problems:
    sys.exit(1)
print(f"help-vs-docs: {len(tools)} tools agree with {doc}")
