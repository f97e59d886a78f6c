#!/usr/bin/env python3
"""run-verify-commands.py BIN_DIR VERDICT.json... - runs every finding's
"verify" command of sqtt-triage's verdicts as written (through the shell,
this project's tools first on PATH) and fails unless each exits 0, or 1 for
sqtt-verify (whose status 1 means it found something). Prints
"verify commands: N run, M failed" and each failure."""
import json
import os
import subprocess
import sys

bin_dir, verdicts = sys.argv[1], sys.argv[2:]
env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
run = failed = 0
for path in verdicts:
    for f in json.load(open(path))["findings"]:
        cmd = f["verify"]
        run += 1
        p = subprocess.run(cmd, shell=True, env=env, capture_output=True, text=True)
        allowed = (0, 1) if cmd.startswith("sqtt-verify") else (0,)
        if p.returncode not in allowed:
            failed += 1
            print(f"FAILED ({p.returncode}): {f['kind']}: {cmd}\n{p.stderr[-2000:]}")
print(f"verify commands: {run} run, {failed} failed")
sys.exit(1 if failed or not run else 0)
