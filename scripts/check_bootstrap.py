#!/usr/bin/env python3
"""check_bootstrap.py - every program the tests, the demo and the build run
comes from a Debian package that scripts/bootstrap.sh installs, or that such a
package pulls in, or that every Debian system has (Priority required or
important). Programs are found by scanning, so the check follows the tests:

  - the words of every lit RUN: line (test/lit) and of every shell script the
    suites run (test/, scripts/), comments removed, that name an executable on
    a fresh machine's PATH (the LLVM 22 and 19 bin directories, then /usr/bin);
  - the programs behind lit's substitutions and those clang runs itself for
    HIP (IMPLICIT below).

Each program is resolved to its package with dpkg -S. Exit status 1 names
every program whose package would be missing on a fresh Debian 12 machine.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATH = "/usr/lib/llvm-22/bin:/usr/lib/llvm-19/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
# %opt/%llc/%hipcc/... expand to these; clang runs the bundler and the linkers;
# the build runs cmake, ninja and the compilers of the Makefile.
IMPLICIT = ["opt", "llc", "clang", "clang++", "clang-22", "clang++-22", "lit", "lit-22",
            "FileCheck", "not", "clang-offload-bundler", "ld.lld", "ld", "cmake", "ninja",
            "make", "protoc"]
# Scanned words that resolve to an executable but are not run as one.
NOT_PROGRAMS = {
    "c++": "the language name in clang -x c++",
    "ex": "a word in messages",
    "file": "a word in messages",
}
WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_.+-]*$")


def scanned_words():
    text = []
    for path in (ROOT / "test" / "lit").rglob("*"):
        if path.suffix in (".ll", ".test", ".hip") and path.is_file():
            text += [m.group(1) for m in re.finditer(r"RUN(?:-[A-Z]+)?:(.*)", path.read_text(errors="replace"))]
    # npm's packages (test/browser/node_modules) ship scripts of their own that the tests never run.
    scripts = [p for p in (ROOT / "test").rglob("*.sh") if "node_modules" not in p.parts]
    scripts += list((ROOT / "scripts").glob("*.sh"))
    for path in scripts + [ROOT / "test" / "CMakeLists.txt", ROOT / "Makefile"]:
        for line in path.read_text(errors="replace").splitlines():
            line = re.sub(r"(^|\s)#.*", "", line)  # comments name no programs
            text.append(line)
    words = set()
    for line in text:
        words.update(w for w in re.split(r"[\s|;&(){}<>\"'`=$\[\]\\,]+", line) if WORD.match(w))
    return words


def packages_of(paths):
    """dpkg -S for every path at once; usr-merged paths are also tried under /."""
    owner = {}
    candidates = {}
    for p in paths:
        real = os.path.realpath(p)
        candidates[p] = [p, real] + [c.replace("/usr/bin/", "/bin/", 1) for c in (p, real)]
    flat = sorted({c for cs in candidates.values() for c in cs})
    out = subprocess.run(["dpkg", "-S"] + flat, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        if line.startswith(("diversion by", "local diversion")):
            continue  # "diversion by dash from: /usr/bin/sh" names no owner
        pkgs, _, file = line.partition(": ")
        found.setdefault(file.strip(), pkgs.split(",")[0].split(":")[0].strip())
    for p, cs in candidates.items():
        owner[p] = next((found[c] for c in cs if c in found), None)
    return owner


def installed_closure(listed):
    """The listed packages and everything they depend on, as installed here."""
    known, frontier = set(listed), set(listed)
    while frontier:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Depends},${Pre-Depends}\n"] + sorted(frontier),
                             capture_output=True, text=True).stdout
        deps = {re.sub(r"\(.*?\)|:any", "", d).strip() for d in re.split(r"[,|\n]", out)}
        frontier = {d for d in deps if d} - known
        known |= frontier
    return known


def main():
    boot = (ROOT / "scripts" / "bootstrap.sh").read_text()
    # PACKAGES=( ... ) and the conditional PACKAGES+=( ... ) additions.
    blocks = re.findall(r"PACKAGES\+?=\((.*?)\)", re.sub(r"#.*", "", boot), re.S)
    listed = {w for block in blocks for w in block.split()}
    closure = installed_closure(listed)

    programs = {}
    for word in sorted(set(IMPLICIT) | (scanned_words() - NOT_PROGRAMS.keys())):
        path = shutil.which(word, path=PATH)
        if path:
            programs[word] = path
    owners = packages_of(programs.values())
    missing = [p for p in owners.values() if p and p not in closure]
    prio = {}
    if missing:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Priority}\n"] + sorted(set(missing)),
                             capture_output=True, text=True).stdout
        prio = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)

    bad = 0
    for word, path in sorted(programs.items()):
        pkg = owners[path]
        if pkg is None:
            print(f"check-bootstrap: {word} ({path}) belongs to no Debian package")
            bad += 1
        elif pkg not in closure and prio.get(pkg) not in ("required", "important"):
            print(f"check-bootstrap: {word} ({path}) is in {pkg}, which scripts/bootstrap.sh does not install")
            bad += 1
    if bad:
        return 1
    print(f"check-bootstrap: {len(programs)} programs, each from a package scripts/bootstrap.sh installs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
