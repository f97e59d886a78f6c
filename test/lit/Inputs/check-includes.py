#!/usr/bin/env python3
"""check-includes.py ROOT [SUBDIR...] - no include circle among the project's
sources: no files that include each other, directly or through others.

Quoted includes are resolved the way the build resolves them (the including
file's folder, then the project's include folders); others are not the
project's. Prints every circle found and "files: N, circles: M"; exits 1
when there is one."""
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
print(f"files: {len(graph)}, circles: {len(circles)}")
sys.exit(1 if circles else 0)
