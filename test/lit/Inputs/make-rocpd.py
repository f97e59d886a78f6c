#!/usr/bin/env python3
"""make-rocpd.py OUT.db [options] - writes a small rocprofv3 database (rocpd, schema_version "3").

Test fixture generator: the tables, views and joins rocprofv3 (ROCm 7.0,
rocprofiler-sdk's rocpd schema 3) writes, as docs/TOOLS.md and the spec
notes (ROCPD.md) describe them, filled with the rows given. Written for this
project; every database it writes is synthetic test data.

Layout:
  - every table is rocpd_<name>_<uuid> (the UUID with '-' as '_'), every row
    with a guid column (the hyphenated UUID); the plain rocpd_<name> views
    select from them;
  - rocpd_metadata: schema_version "3", uuid, guid;
  - one node, one process (--pid), its main thread, one GPU agent, one
    queue and one stream; rocpd_info_code_object, rocpd_info_kernel_symbol
    (one symbol per kernel name), rocpd_string, rocpd_event and
    rocpd_kernel_dispatch (id = dispatch_id, with nid, pid, tid, agent_id,
    kernel_id, queue_id, stream_id, start, end, segment, workgroup and grid
    sizes, region_name_id, event_id, extdata);
  - the views code_objects, kernel_symbols and kernels (guid, dispatch_id,
    name = display_name, kernel_id, code_object_id, start, end, duration,
    ...), every join on (id, guid); kernels INNER-JOINs the event, the
    region string, the symbol, the process (through the queue) and the
    thread, as rocprofv3's does.

Options:
  --dispatch ID:KERNEL_NAME:START_NS:END_NS[:CODE_OBJECT_ID[:GRID_X:WORKGROUP_X]]
        a kernel dispatch (repeatable): rocprofv3's dispatch number (the N
        of ui_output_agent_<A>_dispatch_<N>), the kernel's name (symbol and
        display name), its start and end in nanoseconds, the code object
        defining the kernel (default: the first --code-object, else 1), and
        its grid and workgroup sizes (default 64 and 64)
  --code-object ID:LOAD_BASE:LOAD_SIZE[:LOAD_DELTA]
        a loaded code object (repeatable): its id (the N of
        <pid>_..._code_object_id_<N>.out), load base and size (decimal or
        0x hex); load_delta (default load_base: ELF address 0 at the base),
        uri "file:///code_object_<ID>.out"
  --kernel NAME:CODE_OBJECT_ID:PROGRAM_ADDRESS[:DISPLAY_NAME]
        a kernel symbol (repeatable, before the dispatches' own; ids from 1
        in order): the device address its program starts at (descriptor +
        entry offset 256), and the name rocprofv3 shows
  --agent HANDLE:PRODUCT_NAME
        the GPU agent's SDK handle (the X of ui_output_agent_<X>) and name
  --region TID:NAME:START_NS:END_NS
        a host API region (repeatable), on rocpd_region
  --schema VERSION
        rocpd_metadata's schema_version (default "3")
  --rocprof-v1
        rocprof v1's results.db instead (tables HSA, HIP, OPS, COPY, KERN)
  --spec FILE.json
        the same as JSON, with more fields:
        {"uuid": "...", "pid": 1234, "agent_handle": 36895,
         "code_objects": [{"id": 1, "load_base": 4096, "load_size": 8192,
                           "load_delta": 4096, "uri": "..."}],
         "kernels": [{"name": "k", "display_name": "k", "code_object_id": 1,
                      "kernel_object": 8192, "entry_offset": 256}],
         "dispatches": [{"id": 7, "kernel": "k", "start": 1000, "end": 2000,
                         "no_event": false}]}
        ("no_event": the dispatch has no rocpd_event row, so the kernels
        view drops it, as it drops such rows of a real database)
  --uuid UUID   the process UUID (default 0190c1a2-0000-7000-8000-00000000abcd)
  --pid PID     the process id (default 1234)
  --print-guid  print the guid on stdout

As a module (the rocpd reader's tests): build(path, spec) with the --spec
dictionary; returns the guid. The file name has a hyphen, so load it by path:
  spec = importlib.util.spec_from_file_location("make_rocpd", PATH)
  make_rocpd = importlib.util.module_from_spec(spec); spec.loader.exec_module(make_rocpd)
"""
import argparse
import json
import os
import sqlite3
import sys

DEFAULT_UUID = "0190c1a2-0000-7000-8000-00000000abcd"

TABLES = {
    "metadata": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "tag" TEXT NOT NULL, "value" TEXT NOT NULL',
    "string": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "string" TEXT NOT NULL UNIQUE',
    "info_node": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "hash" BIGINT NOT NULL, '
                 '"machine_id" TEXT NOT NULL, "hostname" TEXT, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_process": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, "ppid" INTEGER, '
                    '"pid" INTEGER NOT NULL, "init" BIGINT, "fini" BIGINT, "start" BIGINT, "end" BIGINT, '
                    '"command" TEXT, "environment" JSONB DEFAULT "{}" NOT NULL, '
                    '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_thread": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, "ppid" INTEGER, '
                   '"pid" INTEGER NOT NULL, "tid" INTEGER NOT NULL, "name" TEXT, "start" BIGINT, "end" BIGINT, '
                   '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_agent": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                  '"pid" INTEGER NOT NULL, "type" TEXT, "absolute_index" INTEGER, "logical_index" INTEGER, '
                  '"type_index" INTEGER, "uuid" INTEGER, "name" TEXT, "model_name" TEXT, "vendor_name" TEXT, '
                  '"product_name" TEXT, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_queue": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                  '"pid" INTEGER NOT NULL, "name" TEXT, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_stream": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                   '"pid" INTEGER NOT NULL, "name" TEXT, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_code_object": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                        '"pid" INTEGER NOT NULL, "agent_id" INTEGER, "uri" TEXT, "load_base" BIGINT, '
                        '"load_size" BIGINT, "load_delta" BIGINT, "storage_type" TEXT, '
                        '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_kernel_symbol": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                          '"pid" INTEGER NOT NULL, "code_object_id" INTEGER NOT NULL, "kernel_name" TEXT, '
                          '"display_name" TEXT, "kernel_object" INTEGER, "kernarg_segment_size" INTEGER, '
                          '"kernarg_segment_alignment" INTEGER, "group_segment_size" INTEGER, '
                          '"private_segment_size" INTEGER, "sgpr_count" INTEGER, "arch_vgpr_count" INTEGER, '
                          '"accum_vgpr_count" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "event": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "category_id" INTEGER, "stack_id" INTEGER, '
             '"parent_stack_id" INTEGER, "correlation_id" INTEGER, "call_stack" JSONB DEFAULT "{}" NOT NULL, '
             '"line_info" JSONB DEFAULT "{}" NOT NULL, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "region": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
              '"pid" INTEGER NOT NULL, "tid" INTEGER NOT NULL, "start" BIGINT NOT NULL, "end" BIGINT NOT NULL, '
              '"name_id" INTEGER NOT NULL, "event_id" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "kernel_dispatch": '"id" INTEGER PRIMARY KEY, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                       '"pid" INTEGER NOT NULL, "tid" INTEGER, "agent_id" INTEGER NOT NULL, '
                       '"kernel_id" INTEGER NOT NULL, "dispatch_id" INTEGER NOT NULL, '
                       '"queue_id" INTEGER NOT NULL, "stream_id" INTEGER NOT NULL, "start" BIGINT NOT NULL, '
                       '"end" BIGINT NOT NULL, "private_segment_size" INTEGER, "group_segment_size" INTEGER, '
                       '"workgroup_size_x" INTEGER NOT NULL, "workgroup_size_y" INTEGER NOT NULL, '
                       '"workgroup_size_z" INTEGER NOT NULL, "grid_size_x" INTEGER NOT NULL, '
                       '"grid_size_y" INTEGER NOT NULL, "grid_size_z" INTEGER NOT NULL, '
                       '"region_name_id" INTEGER, "event_id" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
}

VIEWS = """
CREATE VIEW code_objects AS
SELECT CO.id, CO.guid, CO.nid, P.pid, A.absolute_index AS agent_absolute_index, CO.uri, CO.load_base,
       CO.load_size, CO.load_delta, CO.storage_type AS storage_type_str
FROM rocpd_info_code_object CO
     INNER JOIN rocpd_info_agent A ON A.id = CO.agent_id AND A.guid = CO.guid
     INNER JOIN rocpd_info_process P ON P.id = CO.pid AND P.guid = CO.guid;

CREATE VIEW kernel_symbols AS
SELECT KS.id, KS.guid, KS.nid, P.pid, KS.code_object_id, KS.kernel_name, KS.display_name, KS.kernel_object,
       KS.kernarg_segment_size, KS.group_segment_size, KS.private_segment_size, KS.sgpr_count,
       KS.arch_vgpr_count, KS.accum_vgpr_count,
       JSON_EXTRACT(KS.extdata, '$.kernel_code_entry_byte_offset') AS kernel_code_entry_byte_offset,
       JSON_EXTRACT(KS.extdata, '$.kernel_address.handle') AS kernel_address
FROM rocpd_info_kernel_symbol KS
     INNER JOIN rocpd_info_process P ON P.id = KS.pid AND P.guid = KS.guid;

CREATE VIEW kernels AS
SELECT K.id, K.guid, K.nid, P.pid, TH.tid, R.string AS region, S.display_name AS name, K.agent_id,
       A.absolute_index AS agent_absolute_index, S.code_object_id, K.kernel_id, K.dispatch_id, K.queue_id,
       Q.name AS queue, K.stream_id, K.start, K.end, (K.end - K.start) AS duration, K.event_id,
       K.grid_size_x AS grid_x, K.grid_size_y AS grid_y, K.grid_size_z AS grid_z,
       K.workgroup_size_x AS workgroup_x, K.workgroup_size_y AS workgroup_y, K.workgroup_size_z AS workgroup_z,
       K.group_segment_size AS lds_size, K.private_segment_size AS scratch_size, S.sgpr_count,
       S.arch_vgpr_count, S.accum_vgpr_count, E.stack_id, E.correlation_id
FROM rocpd_kernel_dispatch K
     INNER JOIN rocpd_event E ON E.id = K.event_id AND E.guid = K.guid
     INNER JOIN rocpd_string R ON R.id = K.region_name_id AND R.guid = K.guid
     INNER JOIN rocpd_info_kernel_symbol S ON S.id = K.kernel_id AND S.guid = K.guid
     INNER JOIN rocpd_info_queue Q ON Q.id = K.queue_id AND Q.guid = K.guid
     INNER JOIN rocpd_info_process P ON P.id = Q.pid AND P.guid = Q.guid
     INNER JOIN rocpd_info_thread TH ON TH.id = K.tid AND TH.guid = K.guid
     LEFT JOIN rocpd_info_agent A ON A.id = K.agent_id AND A.guid = K.guid;
"""


def number(text):
    return int(text, 0)


def build(path, spec):
    """Writes the database \\p path from \\p spec (the --spec dictionary); returns the guid."""
    guid = spec.get("uuid", DEFAULT_UUID)
    suffix = "_" + guid.replace("-", "_")
    pid = spec.get("pid", 1234)
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size = 512")  # small files: the fuzz corpus keeps some
    if spec.get("rocprof_v1"):
        for name in ("HSA", "HIP", "OPS", "COPY", "KERN"):
            db.execute(f'CREATE TABLE "{name}" ("Index" INTEGER, "Name" TEXT, "BeginNs" INTEGER, "EndNs" INTEGER)')
        db.commit()
        db.close()
        return None
    for name, columns in TABLES.items():
        db.execute(f'CREATE TABLE "rocpd_{name}{suffix}" ({columns})')
        db.execute(f'CREATE VIEW "rocpd_{name}" AS SELECT * FROM "rocpd_{name}{suffix}"')
    db.executescript(VIEWS)

    def insert(table, **row):
        if table != "metadata":
            row = {"guid": guid, **row}
        names = ", ".join(f'"{k}"' for k in row)
        marks = ", ".join("?" for _ in row)
        cur = db.execute(f'INSERT INTO "rocpd_{table}{suffix}" ({names}) VALUES ({marks})',
                         [json.dumps(v) if isinstance(v, dict) else v for v in row.values()])
        return cur.lastrowid

    for tag, value in (("schema_version", spec.get("schema", "3")), ("uuid", suffix[1:]), ("guid", guid)):
        insert("metadata", tag=tag, value=value)
    strings = {}

    def string(text):
        if text not in strings:
            strings[text] = insert("string", id=len(strings) + 1, string=text)
        return strings[text]

    insert("info_node", id=1, hash=1, machine_id="synthetic-machine", hostname="synthetic-host")
    insert("info_process", id=1, nid=1, ppid=1, pid=pid, init=0, start=0, end=10**12, fini=10**12,
           command="synthetic")
    insert("info_thread", id=1, nid=1, ppid=1, pid=1, tid=pid, name="main", start=0, end=10**12)
    handle = spec.get("agent_handle", 36895)
    insert("info_agent", id=1, nid=1, pid=1, type="GPU", absolute_index=1, logical_index=1, type_index=0,
           uuid=0, name="gfx942", model_name="synthetic", vendor_name="AMD",
           product_name=spec.get("agent_name", "synthetic GPU"),
           extdata={"id": {"handle": handle}})
    insert("info_queue", id=1, nid=1, pid=1, name="queue 0")
    insert("info_stream", id=1, nid=1, pid=1, name="stream 0")
    code_objects = spec.get("code_objects", [])
    for co in code_objects:
        insert("info_code_object", id=co["id"], nid=1, pid=1, agent_id=1,
               uri=co.get("uri", f"file:///code_object_{co['id']}.out"), load_base=co["load_base"],
               load_size=co["load_size"], load_delta=co.get("load_delta", co["load_base"]), storage_type="FILE")
    default_co = code_objects[0]["id"] if code_objects else 1
    kernels = {}
    for k in spec.get("kernels", []):
        kernels[k["name"]] = k
    for d in spec.get("dispatches", []):
        kernels.setdefault(d["kernel"], {"name": d["kernel"], "code_object_id": d.get("code_object_id", default_co)})
    symbol = {}
    for n, k in enumerate(kernels.values(), start=1):
        obj = k.get("kernel_object", 0x1000 * n)
        entry = k.get("entry_offset", 256)
        symbol[k["name"]] = insert(
            "info_kernel_symbol", id=n, nid=1, pid=1, code_object_id=k.get("code_object_id", default_co),
            kernel_name=k["name"], display_name=k.get("display_name", k["name"]), kernel_object=obj,
            kernarg_segment_size=64, kernarg_segment_alignment=8, group_segment_size=0, private_segment_size=0,
            sgpr_count=16, arch_vgpr_count=8, accum_vgpr_count=0,
            extdata={"kernel_code_entry_byte_offset": entry, "kernel_address": {"handle": obj + entry}})
    category = string("KERNEL_DISPATCH")
    for n, d in enumerate(spec.get("dispatches", []), start=1):
        event = None
        if not d.get("no_event"):
            event = insert("event", id=n, category_id=category, stack_id=n, parent_stack_id=0, correlation_id=0)
        insert("kernel_dispatch", id=d["id"], nid=1, pid=1, tid=1, agent_id=1, kernel_id=symbol[d["kernel"]],
               dispatch_id=d["id"], queue_id=1, stream_id=1, start=d["start"], end=d["end"],
               private_segment_size=0, group_segment_size=0, workgroup_size_x=d.get("workgroup", 64),
               workgroup_size_y=1, workgroup_size_z=1, grid_size_x=d.get("grid", 64), grid_size_y=1, grid_size_z=1,
               region_name_id=string(d["kernel"]), event_id=event)
    for r in spec.get("regions", []):
        event = insert("event", category_id=string("HIP_RUNTIME_API"), stack_id=0, parent_stack_id=0,
                       correlation_id=0)
        insert("region", nid=1, pid=1, tid=r["tid"], start=r["start"], end=r["end"], name_id=string(r["name"]),
               event_id=event)
    db.commit()
    db.close()
    return guid


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--dispatch", action="append", default=[])
    p.add_argument("--code-object", action="append", default=[])
    p.add_argument("--spec")
    p.add_argument("--uuid")
    p.add_argument("--pid", type=int)
    p.add_argument("--print-guid", action="store_true")
    p.add_argument("--kernel", action="append", default=[])
    p.add_argument("--agent")
    p.add_argument("--region", action="append", default=[])
    p.add_argument("--schema")
    p.add_argument("--rocprof-v1", action="store_true")
    a = p.parse_args(argv)
    spec = {}
    if a.spec:
        with open(a.spec) as f:
            spec = json.load(f)
    if a.uuid:
        spec["uuid"] = a.uuid
    if a.pid is not None:
        spec["pid"] = a.pid
    for text in a.code_object:
        parts = text.split(":")
        co = {"id": number(parts[0]), "load_base": number(parts[1]), "load_size": number(parts[2])}
        if len(parts) == 4:
            co["load_delta"] = number(parts[3])
        spec.setdefault("code_objects", []).append(co)
    for text in a.kernel:
        parts = text.split(":", 3)
        entry = 256
        k = {"name": parts[0], "code_object_id": number(parts[1]), "kernel_object": number(parts[2]) - entry,
             "entry_offset": entry}
        if len(parts) == 4:
            k["display_name"] = parts[3]
        spec.setdefault("kernels", []).append(k)
    for text in a.dispatch:
        parts = text.split(":")
        if len(parts) not in (4, 5, 7):
            p.error(f"--dispatch {text}: expected ID:KERNEL_NAME:START_NS:END_NS[:CODE_OBJECT_ID[:GRID_X:WORKGROUP_X]]")
        d = {"id": number(parts[0]), "kernel": parts[1], "start": number(parts[2]), "end": number(parts[3])}
        if len(parts) >= 5:
            d["code_object_id"] = number(parts[4])
        if len(parts) == 7:
            d["grid"], d["workgroup"] = number(parts[5]), number(parts[6])
        spec.setdefault("dispatches", []).append(d)
    if a.agent:
        handle, name = a.agent.split(":", 1)
        spec["agent_handle"], spec["agent_name"] = number(handle), name
    for text in a.region:
        tid, name, start, end = text.split(":")
        spec.setdefault("regions", []).append({"tid": number(tid), "name": name, "start": number(start),
                                               "end": number(end)})
    if a.schema:
        spec["schema"] = a.schema
    spec["rocprof_v1"] = a.rocprof_v1
    guid = build(a.out, spec)
    if a.print_guid:
        print(guid)


if __name__ == "__main__":
    main(sys.argv[1:])
