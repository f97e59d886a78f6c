#!/usr/bin/env python3
"""Print the SQTT marker ID map of a code object, bundle or HIP binary.

Thin launcher for the C++ tool build/bin/sqtt-decode-funcmap, so the command
line of the specification works as written:

    python3 scripts/sqtt_decode_funcmap.py my_app.co --demangle
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def find_tool(name):
    # Installed, the launchers sit next to the tools (<prefix>/bin).
    candidates = [os.environ.get("SQTT_TOOLS_DIR", ""), HERE, os.path.join(HERE, "..", "build", "bin")]
    candidates += os.environ.get("PATH", "").split(os.pathsep)
    for directory in candidates:
        path = os.path.join(directory, name)
        if directory and os.access(path, os.X_OK):
            return path
    sys.exit(f"{name}: not found; run 'make build' first (or set SQTT_TOOLS_DIR)")


def exec_tool(name):
    """Replaces this process with the C++ tool, passing the arguments on."""
    tool = find_tool(name)
    os.execv(tool, [tool] + sys.argv[1:])


if __name__ == "__main__":
    exec_tool("sqtt-decode-funcmap")
