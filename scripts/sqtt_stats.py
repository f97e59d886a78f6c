#!/usr/bin/env python3
"""Launcher for the C++ tool build/bin/sqtt-stats, like the other scripts/ launchers, e.g.:

    python3 scripts/sqtt_stats.py trace_dir/ --demangle
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqtt_decode_funcmap import exec_tool  # noqa: E402

if __name__ == "__main__":
    exec_tool("sqtt-stats")
