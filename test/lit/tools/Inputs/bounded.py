#!/usr/bin/env python3
"""bounded.py [--cpu S] [--wall S] [--rss-mb M] -- CMD... - runs CMD and
prints its output, then "exit N". Fails (status 1, saying why) if CMD used
more than S seconds of CPU (default 1), more than M MB of memory (peak RSS,
default 300), or hung for more than --wall seconds (default 20: a guard, so a
loaded machine cannot make a clean run fail; a hang is caught, and the CPU
limit is the one that says "within a second")."""
import argparse
import resource
import subprocess
import sys

p = argparse.ArgumentParser()
p.add_argument("--cpu", type=float, default=1.0)
p.add_argument("--wall", type=float, default=20.0)
p.add_argument("--rss-mb", type=float, default=300.0)
p.add_argument("cmd", nargs=argparse.REMAINDER)
a = p.parse_args()
cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
try:
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.wall)
except subprocess.TimeoutExpired as e:
    sys.stdout.write((e.output or b"").decode(errors="replace"))
    print(f"bounded: HUNG: still running after {a.wall} s: {' '.join(cmd)}")
    sys.exit(1)
sys.stdout.write(r.stdout.decode(errors="replace"))
print(f"exit {r.returncode}")
u = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu, rss = u.ru_utime + u.ru_stime, u.ru_maxrss / 1024
if cpu > a.cpu:
    print(f"bounded: TOO SLOW: {cpu:.2f} s of CPU (limit {a.cpu})")
    sys.exit(1)
if rss > a.rss_mb:
    print(f"bounded: TOO MUCH MEMORY: {rss:.0f} MB (limit {a.rss_mb})")
    sys.exit(1)
