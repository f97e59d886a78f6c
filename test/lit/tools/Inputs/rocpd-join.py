#!/usr/bin/env python3
"""rocpd-join.py ROCPD.db [SQTT.db] [--schema] [--set-guid GUID] - the join docs/TOOLS.md shows.

--schema: prints rocpd_metadata's schema_version, the rocpd_kernel_dispatch
table's full name and how many dispatches the kernels view has.
SQTT.db: opens sqtt-stats' -f sqlite file (read only, unless --set-guid
first sets every row's guid to GUID), ATTACHes ROCPD.db as "rocpd" and
joins sqtt_scopes with rocpd.kernels on dispatch_id, and on guid where a
row has one; prints "joined N rows", then each as
"kernel scope kind total_cycles | name dispatch_id duration".
"""
import argparse
import sqlite3

JOIN = """
SELECT s.kernel, s.scope, s.kind, s.total_cycles, k.name, k.dispatch_id, k.duration
FROM sqtt_scopes s
JOIN rocpd.kernels k ON k.dispatch_id = s.dispatch_id AND (s.guid IS NULL OR k.guid = s.guid)
ORDER BY s.rowid
"""

p = argparse.ArgumentParser()
p.add_argument("rocpd")
p.add_argument("sqtt", nargs="?")
p.add_argument("--schema", action="store_true")
p.add_argument("--set-guid")
a = p.parse_args()
if a.schema:
    db = sqlite3.connect(f"file:{a.rocpd}?mode=ro", uri=True)
    print("schema_version", db.execute("SELECT value FROM rocpd_metadata WHERE tag = 'schema_version'").fetchone()[0])
    for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rocpd_kernel_dispatch_%'"):
        print(name)
    print("kernels:", db.execute("SELECT count(*) FROM kernels").fetchone()[0], "dispatches")
if a.sqtt:
    if a.set_guid:
        w = sqlite3.connect(a.sqtt)
        w.execute("UPDATE sqtt_scopes SET guid = ?", (a.set_guid,))
        w.commit()
        w.close()
    db = sqlite3.connect(f"file:{a.sqtt}?mode=ro", uri=True)
    db.execute("ATTACH ? AS rocpd", (f"file:{a.rocpd}?mode=ro",))
    rows = db.execute(JOIN).fetchall()
    print("joined", len(rows), "rows")
    for kernel, scope, kind, total, name, dispatch, duration in rows:
        print(kernel, scope, kind, total, "|", name, dispatch, duration)
