#!/usr/bin/env python3
"""check-includes.py ROOT [SUBDIR...] - the shape of the project's includes:

- no include circle: no files that include each other, directly or through
  others;
- no arrow running back up among the library's folders: each folder of lib/
  (lib/src/<f> with lib/include/sqtt/<f>) stands on a floor (FLOORS, top
  down: the session, the formats, the trace model and its stages, support)
  and includes only its own floor and those below. So the model and its
  stages (trace/) include no format and no session, and no format includes
  the session;
- no file spells what a format header owns: a rocprofv3 tree's file names and
  keys (uitree/TreeLayout.h), a configuration key or an address-trace kind's
  name (include/rocprof_trace_decoder/cxx). A string literal that is such a
  name, outside its home, is a finding; comments and sentences for users
  (help texts, messages naming a file) are not.

Quoted includes are resolved the way the build resolves them (the including
file's folder, then the project's include folders); others are not the
project's. Prints every finding ("circle:", "back up:", "spelt:") and
"files: N, circles: M, back up: B, spelt: S"; exits 1 when there is one."""
import re
import sys
from pathlib import Path

root = Path(sys.argv[1]).resolve()
subdirs = sys.argv[2:] or ["pass", "lib", "tools", "include"]
search = [root / p for p in ("lib/include", "lib/src/trace", "include",
                             "include/rocprof_trace_decoder/cxx", "pass", "tools")]
include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

files = []
for sub in subdirs:
    base = root / sub
    if base.exists():
        files += [p.resolve() for p in base.rglob("*") if p.suffix in (".h", ".hpp", ".cpp", ".inc")]
graph = {}
for path in files:
    edges = []
    for name in include.findall(path.read_text(errors="replace")):
        for folder in [path.parent] + search:
            target = (folder / name).resolve()
            if target.is_file():
                edges.append(target)
                break
    graph[path] = edges

# Tarjan's strongly connected components: a component of two or more files,
# or a file that includes itself, is a circle.
index, low, stack, on_stack, circles = {}, {}, [], set(), []
counter = [0]
sys.setrecursionlimit(100000)


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in graph.get(v, []):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1 or v in graph.get(v, []):
            circles.append(component)


for v in list(graph):
    if v not in index:
        visit(v)
for c in circles:
    print("circle: " + " -> ".join(sorted(str(p.relative_to(root)) for p in c)))

# --- The library's floors ------------------------------------------------------
# Top down; folders on one floor may include each other (the circle check
# still holds between their files). tools/ stands above them all and
# include/ (the dependency-free format headers) below.
FLOORS = {
    "writers": 7,       # one file per output format, over every result
    "triage": 7,        # sqtt-triage's verdict over every result (its writers beside the others)
    "completeness": 6,  # sqtt-verify's trace checks, over a session
    "session": 5,       # discovery and the formats' registry
    "synth": 5,         # the simulator, which writes trees
    "perturbation": 4,  # a plain and an instrumented build compared
    "uitree": 4,        # the formats: the rocprofv3 tree,
    "rawatt": 4,        # the raw .att files,
    "att": 4,           # and the att step that rewrites a tree
    "trace": 3,         # the trace model and the analysis' stages
    "isa": 3,           # the ISA model
    "codeobjects": 2,
    "support": 1,
}
# Arrows known to run back up, each with why it is tolerated for now; an
# entry is (including file, included folder).
ALLOWED_BACK_UP = set()


def folder_of(path):
    """The lib folder a file belongs to, or None outside lib."""
    try:
        rel = path.relative_to(root).parts
    except ValueError:
        return None
    if rel[:3] == ("lib", "include", "sqtt") and len(rel) > 4:
        return rel[3]
    if rel[:2] == ("lib", "src") and len(rel) > 3:
        return rel[2]
    return None


back_up = []
for path, edges in graph.items():
    here = folder_of(path)
    if here not in FLOORS:
        continue
    for target in edges:
        there = folder_of(target)
        if there in FLOORS and FLOORS[there] > FLOORS[here]:
            rel = str(path.relative_to(root))
            if (rel, there) not in ALLOWED_BACK_UP:
                back_up.append(f"{rel} ({here}, floor {FLOORS[here]}) -> "
                               f"{target.relative_to(root)} ({there}, floor {FLOORS[there]})")
for b in sorted(back_up):
    print("back up: " + b)

# --- Names with one home -------------------------------------------------------
# (what, pattern a whole string literal matches, the folders allowed to spell it)
TREE_HOME = ("lib/src/uitree/", "lib/include/sqtt/uitree/")
FORMAT_HEADERS = ("include/rocprof_trace_decoder/cxx/",)
NAMES = [
    ("a tree file name",
     re.compile(r"(?:[/\\])?(?:occupancy|filenames|code|realtime)\.json|"
                r"(?:shaderdata_|sqtt_moved_|ui_output_agent_)[^\s]*|wave_filenames"),
     TREE_HOME),
    ("a configuration key",
     re.compile(r"scope_(?:wave|simd|cu|wg)|mem_barrier|wait_at_exit|contain_scopes|shader_clock"),
     FORMAT_HEADERS),
    ("an address-trace kind's name", re.compile(r"addr_trace_[a-z_]+"), FORMAT_HEADERS),
]
# Strings and comments, in the order they come: a comment's quotes are no
# string, a string's slashes no comment.
token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', re.S)
spelt = []
for path in sorted(graph):
    rel = str(path.relative_to(root))
    text = path.read_text(errors="replace")
    for m in token.finditer(text):
        literal = m.group(0)
        if not literal.startswith('"') or literal.startswith('"') and text[max(0, m.start() - 8):m.start()].rstrip().endswith("include"):
            continue
        body = literal[1:-1]
        for what, pattern, home in NAMES:
            if pattern.fullmatch(body) and not rel.startswith(home):
                line = text.count("\n", 0, m.start()) + 1
                spelt.append(f"{rel}:{line}: {literal} is {what}; its home is {' or '.join(home)}")
for s in spelt:
    print("spelt: " + s)

print(f"files: {len(graph)}, circles: {len(circles)}, back up: {len(back_up)}, spelt: {len(spelt)}")
sys.exit(1 if circles or back_up or spelt else 0)
