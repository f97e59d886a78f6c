#!/usr/bin/env python3
"""run-docs-sql.py TOOLS.md SQTT.db ROCPD.db - runs docs/TOOLS.md's -f sqlite example as written.

Takes the `sqlite3 stats.db "..."` command of the "Results as SQLite"
section, puts ROCPD.db where it attaches the capture's database, and runs
the sqlite3 shell on SQTT.db with it; prints the shell's output (and exits
with its status).
"""
import re
import subprocess
import sys

doc, sqtt, rocpd = sys.argv[1:4]
text = open(doc, encoding="utf-8").read()
match = re.search(r'^sqlite3 stats\.db "(.*?)"$', text, re.S | re.M)
if not match:
    sys.exit("run-docs-sql: no 'sqlite3 stats.db \"...\"' example in " + doc)
sql = re.sub(r"ATTACH '[^']*'", f"ATTACH '{rocpd}'", match.group(1))
run = subprocess.run(["sqlite3", sqtt, sql], capture_output=True, text=True)
sys.stdout.write(run.stdout)
sys.stderr.write(run.stderr)
sys.exit(run.returncode)
