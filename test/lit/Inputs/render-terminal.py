#!/usr/bin/env python3
"""render-terminal.py FILE - prints FILE as a terminal would show it: "\\r"
returns to the start of the line and ESC[K erases to its end. A progress
line that was not erased before the next message shows up glued to it."""
import sys

screen, line, col = [], [], 0
data = open(sys.argv[1], encoding="utf-8", errors="replace", newline="").read()
i = 0
while i < len(data):
    if data.startswith("\x1b[K", i):
        del line[col:]
        i += 3
        continue
    c = data[i]
    if c == "\r":
        col = 0
    elif c == "\n":
        screen.append("".join(line))
        line, col = [], 0
    else:
        if col < len(line):
            line[col] = c
        else:
            line.append(c)
        col += 1
    i += 1
if line:
    screen.append("".join(line) + "<no newline>")
print("\n".join(screen))
