#!/usr/bin/env python3
"""att-vs-json.py BIN [--markerless] TREE... - every trace tool's output from
a tree's raw .att files (--from att) against its output from the tree's ui_*
directories (--from json), and against its output from the tree the att step
writes from the .att files alone (sqtt-att on a copy without the ui_*
directories): one capture, one answer. Prints one line per tree; exits 1, showing the
first difference, when an output differs or a run fails, or when no record
was read (unless --markerless: captures without markers compare their waves).
Where a timeline names the file its clock came from (realtime.json or the
.att files' samples), that name is not compared."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return p.stdout, p.stderr


def records_read(stderr):
    m = re.search(r"summary: (\d+) records read", stderr)
    return m.group(1) if m else None


def outputs(bin_dir, tree, source, scratch):
    out = {}
    tool = lambda name: os.path.join(bin_dir, name)
    out["stats"], err = run([tool("sqtt-stats"), tree, "--from", source])
    out["records"] = records_read(err)
    out["stacks"], _ = run([tool("sqtt-flamegraph"), tree, "--from", source, "--no-svg"])
    pdir = os.path.join(scratch, source + "-perfetto")
    run([tool("sqtt-perfetto"), tree, "--from", source, "-o", pdir])
    text = "".join(open(os.path.join(pdir, f)).read() for f in sorted(os.listdir(pdir)))
    out["perfetto"] = re.sub(r"\S*ui_output_agent_\d+_dispatch_\d+(/realtime\.json| \(realtime samples of the \.att files\))",
                             "<clock source>", text)
    # Where each route found the realtime rate (realtime.json's metadata, the
    # stream's packet, a default) is its own to say; the rate is compared.
    out["perfetto"] = re.sub(r"(realtime at [0-9.]+ MHz) \([^)]*\)", r"\1 (<rate source>)", out["perfetto"])
    mem = os.path.join(scratch, source + "-memory.json")
    summary = os.path.join(scratch, source + "-summary.json")
    run([tool("sqtt-memory-trace"), tree, "--from", source, "-o", mem, "--summary-json", summary])
    out["memory"] = open(mem).read()
    out["memory summary"] = open(summary).read()
    return out


def att_step_tree(bin_dir, tree, scratch):
    """A copy of TREE with its .att files and code objects only, decoded by
    the att step (sqtt-att) into the ui_* directories it writes."""
    copy = os.path.join(scratch, "att-step")
    shutil.copytree(tree, copy, ignore=lambda d, names: [n for n in names if n.startswith("ui_output_agent_")])
    run([os.path.join(bin_dir, "sqtt-att"), copy])
    return copy


def main():
    bin_dir, trees = sys.argv[1], sys.argv[2:]
    markerless = "--markerless" in trees
    trees = [t for t in trees if t != "--markerless"]
    for tree in trees:
        with tempfile.TemporaryDirectory() as scratch:
            a = outputs(bin_dir, tree, "json", scratch)
            b = outputs(bin_dir, tree, "att", scratch)
            step = att_step_tree(bin_dir, tree, scratch)
            c = outputs(bin_dir, step, "json", scratch)
        for other, label in ((b, "att"), (c, "att step's tree")):
            for key in a:
                if a[key] != other[key]:
                    diff = difflib.unified_diff(str(a[key]).splitlines(), str(other[key]).splitlines(), "json", label,
                                                lineterm="", n=1)
                    sys.exit(f"{tree}: {key} differs ({label}):\n" + "\n".join(list(diff)[:30]))
        if not markerless and (not a["records"] or int(a["records"]) == 0):
            sys.exit(f"{tree}: no records read: nothing was compared")
        atts = sum(f.endswith(".att") for _, _, fs in os.walk(tree) for f in fs)
        names = [k for k in a if k != "records"]
        print(f"{os.path.basename(tree)}: {len(names)} outputs equal ({', '.join(names)}) on the JSON, the .att "
              f"files and the att step's tree; {atts} .att files; records read alike")


main()
