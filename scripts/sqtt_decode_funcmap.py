#!/usr/bin/env python3
"""Print the SQTT marker ID map of a code object, bundle or HIP binary.

Thin launcher for the C++ tool build/bin/sqtt-decode-funcmap, so the command
line of the specification works as written:

    python3 scripts/sqtt_decode_funcmap.py my_app.co --demangle
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = "sqtt-decode-funcmap"


def find_tool():
    candidates = [os.environ.get("SQTT_TOOLS_DIR", ""),
                  os.path.join(HERE, "..", "build", "bin")]
    for directory in candidates:
        path = os.path.join(directory, TOOL)
        if directory and os.access(path, os.X_OK):
            return path
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        path = os.path.join(directory, TOOL)
        if os.access(path, os.X_OK):
            return path
    sys.exit(f"{TOOL}: not found; run 'make build' first (or set SQTT_TOOLS_DIR)")


if __name__ == "__main__":
    tool = find_tool()
    os.execv(tool, [tool] + sys.argv[1:])
