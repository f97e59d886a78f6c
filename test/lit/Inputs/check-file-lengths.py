#!/usr/bin/env python3
"""check-file-lengths.py ROOT [SUBDIR...] - every source file in pass/, lib/
and tools/ over 600 lines says at its top (within its first 30 lines) why it
is long, in a line starting "Long because"; and every function over 120
lines says why in the comment right above it (a line of it holding "Long
because").

Prints each long file with its length and whether it says why, each long
function likewise, then "long files: N, without a reason: M" and "long
functions: N, without a reason: M"; exits 1 when one gives none."""
import re
import sys
from pathlib import Path

LIMIT = 600
FUNC_LIMIT = 120
# Long functions known to give no reason, each with why it is tolerated for
# now: (file, function). Remove an entry when its function is split or says
# why.
ALLOWED_LONG = set()

# Comments and literals are blanked before functions are looked for, so a
# brace in a string or a comment is no brace.
token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|R"([^(\s]*)\(.*?\)\1"', re.S)

def blank(text):
    """The text with comments and literals blanked (newlines kept)."""
    def sub(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    return token.sub(sub, text)

SCOPE_KW = re.compile(r'\b(namespace|class|struct|union|enum)\b')

def functions(text):
    """(name, first line, last line) of each function body at namespace or class scope."""
    code = blank(text)
    out = []
    stack = []  # kinds: 'scope' (namespace/class) or 'body' (function) or 'other'
    last = 0    # where the current declaration began
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c in ';':
            if not stack or stack[-1] == 'scope':
                last = i + 1
        elif c == '{':
            head = code[last:i]
            if stack and stack[-1] != 'scope':
                stack.append('other')
            else:
                h = head.strip()
                is_scope = bool(SCOPE_KW.search(re.sub(r'\([^()]*\)', '', h.split('(')[0] if '(' in h else h))) \
                    or h.startswith('extern')
                if '(' in h and not is_scope and not re.search(r'=\s*$', h):
                    stack.append(('body', i, h))
                elif is_scope:
                    stack.append('scope')
                else:
                    stack.append('other')
            last = i + 1
        elif c == '}':
            if stack:
                top = stack.pop()
                if isinstance(top, tuple):
                    _, start, h = top
                    # the declaration's first line: skip blank lines of head
                    head_start = last_decl_start(code, start)
                    first = code.count('\n', 0, head_start) + 1
                    lastline = code.count('\n', 0, i) + 1
                    name = re.findall(r'([~\w:]+)\s*\(', h)
                    out.append((name[0] if name else '?', first, lastline))
            if not stack or stack[-1] == 'scope':
                last = i + 1
        i += 1
    return out

def last_decl_start(code, brace):
    # back from the brace to the end of the previous ';', '{' or '}' at any depth
    j = brace - 1
    while j >= 0 and code[j] not in ';{}':
        j -= 1
    k = j + 1
    while k < brace and code[k].isspace():
        k += 1
    return k



def says_why_above(lines, first):
    """Whether the comment block right above line \p first says why."""
    i = first - 2
    while i >= 0 and lines[i].strip().startswith(("//", "/*", "*")):
        if "Long because" in lines[i]:
            return True
        i -= 1
    return False


root = Path(sys.argv[1])
subdirs = sys.argv[2:] or ["pass", "lib", "tools"]
long_files = without = 0
long_funcs = funcs_without = 0
for sub in subdirs:
    for path in sorted((root / sub).rglob("*")):
        if path.suffix not in (".h", ".hpp", ".cpp"):
            continue
        rel = str(path.relative_to(root))
        text = path.read_text(errors="replace")
        lines = text.splitlines()
        for name, first, last in functions(text):
            if last - first + 1 <= FUNC_LIMIT:
                continue
            long_funcs += 1
            allowed = (rel, name) in ALLOWED_LONG
            says = says_why_above(lines, first)
            funcs_without += not (says or allowed)
            verdict = "says why" if says else "allowed for now" if allowed else "NO REASON"
            print(f"{rel}:{first}: {name}: {last - first + 1} lines, {verdict}")
        if len(lines) <= LIMIT:
            continue
        long_files += 1
        says = any(l.lstrip("/ ").startswith("Long because") for l in lines[:30])
        without += not says
        print(f"{rel}: {len(lines)} lines, {'says why' if says else 'NO REASON'}")
print(f"long files: {long_files}, without a reason: {without}")
print(f"long functions: {long_funcs}, without a reason: {funcs_without}")
sys.exit(1 if without or funcs_without else 0)
