#!/usr/bin/env python3
"""Launcher for the C++ tool build/bin/sqtt-perfetto, so the specification's command
line works as written, e.g.:

    python3 scripts/sqtt_perfetto.py trace_dir/ -o perfetto_out --clock-rate-ghz 2.1
        -> perfetto_out/<dir>.perfetto.json (Chrome trace JSON, ts/dur in microseconds;
           without --clock-rate-ghz one cycle is shown as one ns)
    python3 scripts/sqtt_perfetto.py trace_dir/ -o perfetto_out --format pftrace
        -> perfetto_out/<dir>.pftrace (native Perfetto protobuf, ns timestamps)

Both open in https://ui.perfetto.dev; the JSON also in speedscope.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sqtt_decode_funcmap import exec_tool  # noqa: E402

if __name__ == "__main__":
    exec_tool("sqtt-perfetto")
