#!/usr/bin/env python3
"""Launcher for the C++ att step, build/bin/sqtt-att:

    python3 scripts/att_tool.py trace_output/ [--no-decode-markers]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqtt_decode_funcmap import exec_tool  # noqa: E402

if __name__ == "__main__":
    exec_tool("sqtt-att")
