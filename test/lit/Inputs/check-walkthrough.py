#!/usr/bin/env python3
"""check-walkthrough.py BUILD_DIR DEMO_OUT DOC... - the outputs the documents
quote are what the commands they quote print on make demo's output.

Every ```sh block that reads out/demo/ and is followed at once by an output
block (a ``` block without a language) is run with bash, as written, in a
directory where build/ is BUILD_DIR and out/demo/ is DEMO_OUT (what
scripts/demo.sh wrote). Each line of the output block must then be a line
the commands printed (stdout, else stderr; in order, spaces between words not
counted), but "..." lines, which stand for lines left out. A table may keep
some of the columns: when a paragraph's first line (blank lines separate
paragraphs) is not printed as such but its column names are among a printed
header's (columns are two spaces or more apart), each row of the paragraph
must match a printed row in those columns ("..." in a cell stands for any
value).

Prints each difference with the document's line, then "walkthrough: N
outputs checked in M documents"; exits 1 on a difference, a command that
fails, or a document with no output to check."""
import os
import re
import subprocess
import sys
import tempfile

build, demo, docs = sys.argv[1], sys.argv[2], sys.argv[3:]


def blocks(path):
    """(language, first line number, last line number, text) of every fenced block."""
    found, lines, i = [], open(path, encoding="utf-8").read().splitlines(), 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if m:
            j = i + 1
            while j < len(lines) and lines[j].rstrip() != "```":
                j += 1
            found.append((m.group(1), i + 1, j + 1, lines[i + 1:j]))
            i = j
        i += 1
    return found


def words(line):
    return " ".join(line.split())


def cells(line):
    return [c.strip() for c in re.split(r"\s{2,}", line.strip())]


def check_table(quoted, printed, where):
    """quoted[0] is a header whose columns a printed header has."""
    want = cells(quoted[0])
    for n, line in enumerate(printed):
        have = cells(line)
        if set(want) <= set(have):
            columns = [have.index(c) for c in want]
            rows = [cells(l) for l in printed[n + 1:]]
            break
    else:
        return [f"{where(0)}: no printed header has the columns {want}"]
    problems = []
    for k, line in enumerate(quoted[1:], 1):
        if line.strip() == "...":
            continue
        row = cells(line)
        if len(row) != len(want):
            problems.append(f"{where(k)}: {len(row)} cells under {len(want)} columns: {line.strip()}")
            continue
        if not any(len(r) > max(columns) and all(v == "..." or r[c] == v for v, c in zip(row, columns))
                   for r in rows):
            problems.append(f"{where(k)}: no printed row has {dict(zip(want, row))}")
    return problems


def check_lines(quoted, out, err, where):
    streams = {"stdout": [words(l) for l in out], "stderr": [words(l) for l in err]}
    cursor = {"stdout": 0, "stderr": 0}
    problems = []
    for k, line in enumerate(quoted):
        if line.strip() == "...":
            continue
        for name, lines in streams.items():
            if words(line) in lines[cursor[name]:]:
                cursor[name] = lines.index(words(line), cursor[name]) + 1
                break
        else:
            problems.append(f"{where(k)}: not printed: {line.strip()}")
    return problems


problems, checked = [], 0
with tempfile.TemporaryDirectory() as work:
    os.symlink(os.path.abspath(build), os.path.join(work, "build"))
    os.makedirs(os.path.join(work, "out"))
    os.symlink(os.path.abspath(demo), os.path.join(work, "out", "demo"))
    for doc in docs:
        found = blocks(doc)
        pairs = [(a, b) for a, b in zip(found, found[1:])
                 if a[0] == "sh" and any("out/demo" in l for l in a[3]) and b[0] == "" and b[1] == a[2] + 1]
        if not pairs:
            problems.append(f"{doc}: no output of a command on out/demo/ to check")
        for (_, first, _, command), (_, start, _, quoted) in pairs:
            run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", "\n".join(command)], cwd=work,
                                 capture_output=True, text=True, timeout=600)
            if run.returncode:
                problems.append(f"{doc}:{first}: the commands failed (exit {run.returncode}): "
                                f"{run.stderr.strip().splitlines()[-1:] }")
                continue
            out, err = run.stdout.splitlines(), run.stderr.splitlines()
            # Paragraphs (blank lines apart) are checked one by one: a table
            # with some of its columns, or lines.
            first = 0
            for n in range(len(quoted) + 1):
                if n < len(quoted) and quoted[n].strip():
                    continue
                part = quoted[first:n]
                where = lambda k, at=start + 1 + first: f"{doc}:{at + k}"
                header = next((l for l in part if l.strip() != "..."), "")
                if (header and words(header) not in map(words, out + err) and len(cells(header)) > 1
                        and any(set(cells(header)) <= set(cells(l)) for l in out)):
                    problems += check_table(part, out, where)
                elif part:
                    problems += check_lines(part, out, err, where)
                first = n + 1
            checked += 1
for p in problems:
    print(f"walkthrough: {p}")
print(f"walkthrough: {checked} outputs checked in {len(docs)} documents")
sys.exit(1 if problems else 0)
