#!/usr/bin/env python3
"""expect-exit.py STATUS [--max-seconds S] -- COMMAND... - runs COMMAND, prints its
stderr (then stdout), and fails unless it exits with exactly STATUS (and, with
--max-seconds, within S seconds)."""
import subprocess
import sys
import time

args = sys.argv[1:]
want = int(args.pop(0))
limit = None
if args[0] == "--max-seconds":
    args.pop(0)
    limit = float(args.pop(0))
assert args.pop(0) == "--"
start = time.monotonic()
p = subprocess.run(args, capture_output=True, text=True)
took = time.monotonic() - start
sys.stdout.write(p.stderr)
sys.stdout.write(p.stdout)
if p.returncode != want:
    print(f"expect-exit: {args[0]} exited with {p.returncode}, expected {want}")
    sys.exit(1)
if limit is not None and took > limit:
    print(f"expect-exit: {args[0]} took {took:.2f} s, expected under {limit}")
    sys.exit(1)
