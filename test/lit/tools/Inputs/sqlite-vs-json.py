#!/usr/bin/env python3
"""sqlite-vs-json.py DB TABLE JSON [LABEL_KEYS] - a -f sqlite table against the -f json output.

Checks that TABLE of DB has one row per object of the JSON array, in order,
and that each row equals its object: every key a column of the same name
holding the same value (an integer as INTEGER, a fraction as REAL, a string
as TEXT, true/false as 1/0, a nested object or array as TEXT whose JSON
reads back equal, null as NULL; a fraction the JSON spells whole, "4", is
the REAL 4.0 of a REAL column), every other column NULL but the join
columns dispatch_id and guid. Prints "TABLE: N rows equal the JSON rows",
then per row its LABEL_KEYS values (comma-separated keys, default
kernel,scope,kind) and "dispatch_id=D guid=G" (NULL as "null"); any
difference is printed as "MISMATCH ..." and the exit status is 1.
"""
import json
import sqlite3
import sys


def same(db_value, js_value, declared):
    if isinstance(js_value, bool):
        return type(db_value) is int and db_value == int(js_value)
    if isinstance(js_value, (dict, list)):
        return type(db_value) is str and json.loads(db_value) == js_value
    if js_value is None:
        return db_value is None
    if declared == "REAL" and type(js_value) is int:
        return type(db_value) is float and db_value == js_value
    return type(db_value) is type(js_value) and db_value == js_value


def main(db_path, table, json_path, labels="kernel,scope,kind"):
    with open(json_path) as f:
        rows = json.load(f)
    db = sqlite3.connect(db_path)
    cur = db.execute(f'SELECT * FROM "{table}" ORDER BY rowid')
    columns = [d[0] for d in cur.description]
    declared = {r[1]: r[2] for r in db.execute(f'PRAGMA table_info("{table}")')}
    db_rows = [dict(zip(columns, r)) for r in cur.fetchall()]
    problems = []
    if len(db_rows) != len(rows):
        problems.append(f"{len(db_rows)} table rows, {len(rows)} JSON rows")
    for i, (d, j) in enumerate(zip(db_rows, rows)):
        for key, value in j.items():
            if key not in d:
                problems.append(f"row {i}: no column {key}")
            elif not same(d[key], value, declared[key]):
                problems.append(f"row {i}: {key}: table {d[key]!r}, JSON {value!r}")
        for key, value in d.items():
            if key not in j and key not in ("dispatch_id", "guid") and value is not None:
                problems.append(f"row {i}: {key} is {value!r}, the JSON row has no such key")
    for p in problems:
        print("MISMATCH", p)
    if problems:
        return 1
    print(f"{table}: {len(rows)} rows equal the JSON rows")
    show = lambda v: "null" if v is None else str(v)
    for d in db_rows:
        print(" ".join(show(d.get(k)) for k in labels.split(",")),
              f"dispatch_id={show(d['dispatch_id'])} guid={show(d['guid'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
