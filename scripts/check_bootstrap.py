#!/usr/bin/env python3
"""check_bootstrap.py - every program the tests, the demo and the build run
comes from a Debian package that scripts/bootstrap.sh installs, or that such a
package pulls in, or that every Debian system has (Priority required or
important). Programs are found by reading the commands, so the check follows
the tests:

  - the programs every lit RUN: line (test/lit) and every shell script the
    suites run (test/, scripts/) starts: the first word of each command (of
    a pipeline, a list, a $(...) substitution), past variable assignments and
    the wrappers that run another program (env, not, %expect-exit, timeout,
    xargs...); likewise the COMMANDs of test/CMakeLists.txt and the recipes of
    the Makefile. Other words (arguments, messages, here-documents) are not
    programs and are not counted;
  - the programs behind lit's substitutions and those clang runs itself for
    HIP (IMPLICIT below).

A program counts when a fresh machine's PATH has it: the LLVM 22 and 19 bin
directories, then /usr/bin, /bin, /usr/sbin, /sbin. Never /usr/local/bin:
nothing there comes from a package, and what a user installed there is not
what a fresh machine runs. Each program is resolved to its package with
dpkg -S. Exit status 1 names every program whose package would be missing on
a fresh Debian 12 machine.

  check_bootstrap.py                 the check
  check_bootstrap.py --programs ROOT list the programs ROOT's tests run, and
                                     the PATH they are looked up in (no dpkg)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATH = "/usr/lib/llvm-22/bin:/usr/lib/llvm-19/bin:/usr/bin:/bin:/usr/sbin:/sbin"
# %opt/%llc/%hipcc/... expand to these; clang runs the bundler and the linkers;
# the build runs cmake, ninja and the compilers of the Makefile.
# make test-llvm19 builds with clang-19 and runs LLVM 19's tools.
IMPLICIT = ["opt", "llc", "clang", "clang++", "clang-22", "clang++-22", "lit", "lit-22",
            "FileCheck", "not", "clang-offload-bundler", "ld.lld", "ld", "cmake", "ninja",
            "make", "protoc", "clang-19", "clang++-19", "ld.lld-19"]
WORD = re.compile(r"^[A-Za-z][A-Za-z0-9_.+-]*$")
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\+?=")
# Words after which the next word of a command is the command (shell keywords).
KEYWORDS = {"if", "then", "else", "elif", "while", "until", "do", "!", "{", "time"}
# Words that start something other than a command run: the rest is not one.
NOT_A_COMMAND = {"for", "case", "select", "function", "fi", "done", "esac", "}", "in", "[[", "[", "]]"}
# Wrappers that run the program named after their options, with the options
# of each that take an argument.
WRAPPERS = {"env": {"-u", "-C", "-S"}, "not": set(), "%expect-exit": set(), "timeout": {"-s", "-k"},
            "xargs": {"-I", "-n", "-P", "-L", "-d", "-s", "-a", "-E"}, "nice": {"-n"}, "stdbuf": set(),
            "sudo": {"-u", "-g"}, "command": set(), "exec": set(), "nohup": set(), "setsid": set()}
SEPARATORS = {"|", "||", "&", "&&", ";", ";;", "(", ")", "`", "|&"}
REDIRECTS = {"<", ">", ">>", "<<", "<<<", ">&", "<&", "&>", ">|"}


def closing(line, i):
    """The index of the ) that closes the substitution whose text starts at
    i, quotes and nested substitutions respected (or the line's end)."""
    depth, quote = 1, None
    while i < len(line):
        c = line[i]
        if c == "\\" and quote != "'":
            i += 2
            continue
        if quote == "'":
            quote = None if c == "'" else quote
        elif line.startswith("$(", i):
            i = closing(line, i + 2)
        elif quote == '"':
            quote = None if c == '"' else quote
        elif c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if not depth:
                return i
        i += 1
    return i


def substitutions(line):
    """The line with each $(...) replaced by a word, and the texts of the
    $(...) command substitutions (inside double quotes too, where they run
    as well); $((...)) is arithmetic, no command."""
    inner, out, quote, i = [], [], None, 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quote != "'":
            out.append(line[i:i + 2])
            i += 2
            continue
        if quote != "'" and line.startswith("$(", i):
            end = closing(line, i + 2)
            if not line.startswith("$((", i):
                inner.append(line[i + 2:end])
            out.append("$_")
            i = end + 1
            continue
        if quote is None and c in "'\"":
            quote = c
        elif quote == c:
            quote = None
        out.append(c)
        i += 1
    return "".join(out), inner


def tokens(line):
    """The line's words and separators, quotes respected (a quoted text, such
    as an awk program or a message, is one word)."""
    line = re.sub(r"\b[A-Za-z_][A-Za-z0-9_]*\+?=\([^()]*\)", " ", line)  # array assignments: data
    line = line.replace("`", " ` ")
    lexer = shlex.shlex(line, posix=True, punctuation_chars="();<>|&")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:  # an unbalanced quote (a text continued on the next line): drop it
        cut = re.sub(r"[\"'].*", "", line)
        return tokens(cut) if cut != line else line.split()


def programs_of_line(line, functions=frozenset()):
    """The programs a shell line runs: the first word of each command, but
    the script's own functions."""
    found = []
    line, inner = substitutions(line)
    for text in inner:
        found += programs_of_line(text, functions)
    words = tokens(line)
    start = True       # the next word may be the command
    wrapper = None     # the wrapper whose options are being passed over
    skip = 0           # option arguments still to pass over
    arithmetic = False  # inside (( ... )), which runs nothing
    for word in words:
        if arithmetic or word == "((":
            arithmetic = word != "))" and not (word.endswith("))") and word != "((")
            continue
        if word in SEPARATORS:
            start, wrapper, skip = True, None, 0
            continue
        if not start:
            continue
        if word in REDIRECTS or re.match(r"^[0-9]*[<>]", word):
            skip = 1 if word in REDIRECTS or re.match(r"^[0-9]*[<>]&?$", word) else 0
            continue
        if skip:
            skip -= 1
            continue
        if ASSIGNMENT.match(word) or word in KEYWORDS:
            continue
        if word in NOT_A_COMMAND:
            start = False
            continue
        if wrapper is not None:
            if wrapper == "command" and word in ("-v", "-V"):
                start = False  # command -v NAME asks whether NAME exists; it runs nothing
                continue
            if word == "--" or word.startswith("-"):
                skip = 1 if word in WRAPPERS[wrapper] else 0
                continue
            if (wrapper == "%expect-exit" and word.isdigit()) or (wrapper == "timeout" and
                                                                   re.match(r"^[0-9.]+[smhd]?$", word)):
                continue
        if word in WRAPPERS:
            wrapper = word
            if WORD.match(word) and word not in ("command", "exec"):  # those two are the shell's own
                found.append(word)
            continue
        if WORD.match(word) and word not in functions:
            found.append(word)
        elif os.path.dirname(word) in PATH.split(":"):
            found.append(os.path.basename(word))  # /usr/bin/chromium
        start = False
    return found


def strip_comment(line, quote):
    """The line without its comment, and the quote still open at its end (a
    quoted text continued on the next line); quote: the one open before it."""
    out, i = [], 0
    while i < len(line):
        c = line[i]
        if quote is None and c == "#" and (i == 0 or line[i - 1] in " \t;|&("):
            break
        if c == "\\" and quote != "'":
            out.append(line[i:i + 2])
            i += 2
            continue
        if quote is None and c in "'\"":
            quote = c
        elif quote == c:
            quote = None
        out.append(c)
        i += 1
    return "".join(out), quote


def shell_lines(text):
    """The command lines of a shell script: comments removed, continued lines
    and quoted texts over several lines joined, here-documents and array
    assignments over several lines (data, not commands) left out."""
    lines, heredoc, joined, quote, array = [], None, "", None, False
    for raw in text.splitlines():
        if heredoc is not None:
            if raw.strip() == heredoc:
                heredoc = None
            continue
        if array:
            array = ")" not in strip_comment(raw, None)[0]
            continue
        line, quote = strip_comment(raw, quote)
        if quote is not None:
            joined += line + " "
            continue
        if line.endswith("\\"):
            joined += line[:-1] + " "
            continue
        line, joined = joined + line, ""
        match = re.search(r"<<-?\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?", line)
        if match:
            heredoc = match.group(1)
        if re.search(r"[A-Za-z_][A-Za-z0-9_]*\+?=\([^)]*$", line):
            array = True
            continue
        lines.append(line)
    return lines


def run_lines(text):
    """The commands of a lit test's RUN: lines, continued lines joined."""
    lines, joined = [], ""
    for m in re.finditer(r"RUN(?:-[A-Z]+)?:(.*)", text):
        line = m.group(1).rstrip()
        if line.endswith("\\"):
            joined += line[:-1] + " "
            continue
        lines.append(joined + line)
        joined = ""
    return lines


def run_programs(root):
    """Every program the tests, scripts, test list and Makefile of root run."""
    programs = set()
    for path in (root / "test" / "lit").rglob("*"):
        if path.suffix in (".ll", ".test", ".hip") and path.is_file():
            for line in run_lines(path.read_text(errors="replace")):
                programs.update(programs_of_line(line))
    # npm's packages (test/browser/node_modules) ship scripts of their own that the tests never run.
    scripts = [p for p in (root / "test").rglob("*.sh") if "node_modules" not in p.parts]
    scripts += list((root / "scripts").glob("*.sh"))
    for path in scripts:
        lines = shell_lines(path.read_text(errors="replace"))
        functions = {m.group(1) for line in lines
                     for m in [re.match(r"\s*(?:function\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*\(\)", line)] if m}
        for line in lines:
            programs.update(programs_of_line(line, functions))
    cmakelists = root / "test" / "CMakeLists.txt"
    if cmakelists.exists():
        text = re.sub(r"#.*", "", cmakelists.read_text(errors="replace"))
        programs.update(w for w in re.findall(r"\bCOMMAND\s+([^\s)]+)", text) if WORD.match(w))
    makefile = root / "Makefile"
    if makefile.exists():
        # make's own $(VARIABLE)s are not commands; $$( is the shell's $(.
        text = re.sub(r"(?<!\$)\$\((?!shell )[^()]*\)", "", makefile.read_text(errors="replace"))
        text = text.replace("$(shell ", "$(").replace("$$", "$")
        for line in shell_lines(text):
            if line.startswith("\t"):
                programs.update(programs_of_line(line.strip().lstrip("@-+")))
    return programs


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
    if sys.argv[1:2] == ["--programs"]:
        print(f"check-bootstrap: PATH {PATH}")
        for word in sorted(run_programs(Path(sys.argv[2]))):
            print(f"check-bootstrap: runs {word}")
        return 0
    boot = (ROOT / "scripts" / "bootstrap.sh").read_text()
    # PACKAGES=( ... ) and the conditional PACKAGES+=( ... ) additions.
    blocks = re.findall(r"PACKAGES\+?=\((.*?)\)", re.sub(r"#.*", "", boot), re.S)
    listed = {w for block in blocks for w in block.split()}
    closure = installed_closure(listed)

    programs = {}
    for word in sorted(set(IMPLICIT) | run_programs(ROOT)):
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
