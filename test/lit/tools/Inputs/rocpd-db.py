#!/usr/bin/env python3
"""rocpd-db.py OUT.db [--code-object ID:LOAD_BASE:LOAD_SIZE:LOAD_DELTA]...
                     [--kernel ID:CODE_OBJECT:KERNEL_NAME:DISPLAY_NAME:PROGRAM_ADDRESS]...
                     [--dispatch DISPATCH_ID:KERNEL_ID:START_NS:END_NS:GRID_X:WORKGROUP_X]...
                     [--agent ID:HANDLE:PRODUCT_NAME]... [--region TID:NAME:START_NS:END_NS]...
                     [--schema VERSION]
       rocpd-db.py OUT.db --rocprof-v1

Writes a database the way rocprofv3 (rocpd, schema 3) lays it out, from its
public schema: every table created as rocpd_<name>_<uuid> with a guid column
on each row, the plain rocpd_<name> views over them, rocpd_metadata with
schema_version, uuid and guid, and the kernels view joining dispatches with
their symbols on (id, guid). Numbers may be decimal or 0x-hex. --rocprof-v1
writes rocprof v1's results.db instead (tables HSA, HIP, OPS, KERN).
"""
import argparse
import json
import sqlite3

UUID = "0192e4a1_7c3b_7d2e_9f10_123456789abc"
GUID = UUID.replace("_", "-")

TABLES = {
    "metadata": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "tag" TEXT NOT NULL, "value" TEXT NOT NULL',
    "string": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "string" TEXT NOT NULL UNIQUE',
    "info_node": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "hash" BIGINT, "machine_id" TEXT, '
                 '"hostname" TEXT',
    "info_process": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                    '"ppid" INTEGER, "pid" INTEGER NOT NULL, "init" BIGINT, "fini" BIGINT, "start" BIGINT, '
                    '"end" BIGINT, "command" TEXT, "environment" JSONB DEFAULT "{}" NOT NULL, '
                    '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_agent": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                  '"pid" INTEGER NOT NULL, "type" TEXT, "absolute_index" INTEGER, "logical_index" INTEGER, '
                  '"type_index" INTEGER, "uuid" INTEGER, "name" TEXT, "generic_name" TEXT, "model_name" TEXT, '
                  '"vendor_name" TEXT, "product_name" TEXT, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_code_object": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                        '"pid" INTEGER NOT NULL, "agent_id" INTEGER, "uri" TEXT, "load_base" BIGINT, '
                        '"load_size" BIGINT, "load_delta" BIGINT, "storage_type" TEXT, '
                        '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "info_kernel_symbol": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                          '"pid" INTEGER NOT NULL, "code_object_id" INTEGER NOT NULL, "kernel_name" TEXT, '
                          '"display_name" TEXT, "kernel_object" INTEGER, "kernarg_segment_size" INTEGER, '
                          '"kernarg_segment_alignment" INTEGER, "group_segment_size" INTEGER, '
                          '"private_segment_size" INTEGER, "sgpr_count" INTEGER, "arch_vgpr_count" INTEGER, '
                          '"accum_vgpr_count" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "event": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "category_id" INTEGER, '
             '"stack_id" INTEGER, "parent_stack_id" INTEGER, "correlation_id" INTEGER, '
             '"call_stack" JSONB DEFAULT "{}" NOT NULL, "line_info" JSONB DEFAULT "{}" NOT NULL, '
             '"extdata" JSONB DEFAULT "{}" NOT NULL',
    "region": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
              '"pid" INTEGER NOT NULL, "tid" INTEGER NOT NULL, "start" BIGINT NOT NULL, "end" BIGINT NOT NULL, '
              '"name_id" INTEGER NOT NULL, "event_id" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
    "kernel_dispatch": '"id" INTEGER PRIMARY KEY AUTOINCREMENT, "guid" TEXT NOT NULL, "nid" INTEGER NOT NULL, '
                       '"pid" INTEGER NOT NULL, "tid" INTEGER, "agent_id" INTEGER NOT NULL, '
                       '"kernel_id" INTEGER NOT NULL, "dispatch_id" INTEGER NOT NULL, "queue_id" INTEGER NOT NULL, '
                       '"stream_id" INTEGER NOT NULL, "start" BIGINT NOT NULL, "end" BIGINT NOT NULL, '
                       '"private_segment_size" INTEGER, "group_segment_size" INTEGER, '
                       '"workgroup_size_x" INTEGER NOT NULL, "workgroup_size_y" INTEGER NOT NULL, '
                       '"workgroup_size_z" INTEGER NOT NULL, "grid_size_x" INTEGER NOT NULL, '
                       '"grid_size_y" INTEGER NOT NULL, "grid_size_z" INTEGER NOT NULL, "region_name_id" INTEGER, '
                       '"event_id" INTEGER, "extdata" JSONB DEFAULT "{}" NOT NULL',
}


def num(text):
    return int(text, 0)


def write_rocpd(db, args):
    for name, columns in TABLES.items():
        db.execute(f'CREATE TABLE "rocpd_{name}_{UUID}" ({columns})')
        db.execute(f'CREATE VIEW "rocpd_{name}" AS SELECT * FROM "rocpd_{name}_{UUID}"')
    t = lambda name: f'"rocpd_{name}_{UUID}"'
    db.executemany(f"INSERT INTO {t('metadata')} (tag, value) VALUES (?, ?)",
                   [("schema_version", args.schema), ("uuid", UUID), ("guid", GUID)])
    db.execute(f"INSERT INTO {t('info_node')} (id, guid, hash, machine_id, hostname) VALUES (1, ?, 1, 'm', 'host')",
               (GUID,))
    db.execute(f"INSERT INTO {t('info_process')} (id, guid, nid, pid, command) VALUES (1, ?, 1, 1000, 'app')", (GUID,))
    for spec in args.agent:
        aid, handle, product = spec.split(":", 2)
        db.execute(f"INSERT INTO {t('info_agent')} (id, guid, nid, pid, type, absolute_index, product_name, extdata) "
                   "VALUES (?, ?, 1, 1, 'GPU', ?, ?, ?)",
                   (num(aid), GUID, num(aid), product, json.dumps({"id": {"handle": num(handle)}})))
    for spec in args.code_object:
        cid, base, size, delta = (num(x) for x in spec.split(":"))
        db.execute(f"INSERT INTO {t('info_code_object')} (id, guid, nid, pid, agent_id, uri, load_base, load_size, "
                   "load_delta, storage_type) VALUES (?, ?, 1, 1, 1, ?, ?, ?, ?, 'MEMORY')",
                   (cid, GUID, f"memory://1000#offset=0&size={size}", base, size, delta))
    for spec in args.kernel:
        kid, co, name, display, program = spec.split(":")
        descriptor = num(program) - 0x1000  # the entry lies 0x1000 after the descriptor here
        db.execute(f"INSERT INTO {t('info_kernel_symbol')} (id, guid, nid, pid, code_object_id, kernel_name, "
                   "display_name, kernel_object, sgpr_count, arch_vgpr_count, accum_vgpr_count, extdata) "
                   "VALUES (?, ?, 1, 1, ?, ?, ?, ?, 16, 24, 0, ?)",
                   (num(kid), GUID, num(co), name + ".kd", display, descriptor,
                    json.dumps({"kernel_code_entry_byte_offset": 0x1000,
                                "kernel_address": {"handle": num(program)}})))
    for n, spec in enumerate(args.dispatch, 1):
        did, kid, start, end, grid, wg = (num(x) for x in spec.split(":"))
        db.execute(f"INSERT INTO {t('string')} (id, guid, string) VALUES (?, ?, ?)", (n, GUID, f"region{n}"))
        db.execute(f"INSERT INTO {t('event')} (id, guid, category_id, stack_id, correlation_id) "
                   "VALUES (?, ?, NULL, ?, 0)", (n, GUID, n))
        db.execute(f"INSERT INTO {t('kernel_dispatch')} (id, guid, nid, pid, tid, agent_id, kernel_id, dispatch_id, "
                   "queue_id, stream_id, start, end, workgroup_size_x, workgroup_size_y, workgroup_size_z, "
                   "grid_size_x, grid_size_y, grid_size_z, region_name_id, event_id) "
                   "VALUES (?, ?, 1, 1, 1, 1, ?, ?, 1, 0, ?, ?, ?, 1, 1, ?, 1, 1, ?, ?)",
                   (did, GUID, kid, did, start, end, wg, grid, n, n))
    for n, spec in enumerate(args.region, 1000):
        tid, name, start, end = spec.split(":")
        db.execute(f"INSERT INTO {t('string')} (id, guid, string) VALUES (?, ?, ?)", (n, GUID, name))
        db.execute(f"INSERT INTO {t('region')} (guid, nid, pid, tid, start, end, name_id) VALUES (?, 1, 1, ?, ?, ?, ?)",
                   (GUID, num(tid), num(start), num(end), n))
    db.execute("""CREATE VIEW "kernels" AS SELECT K.id, K.guid, K.nid, P.pid, K.tid, R.string AS region,
        S.display_name AS name, K.agent_id, S.code_object_id, K.kernel_id, K.dispatch_id, K.queue_id, K.stream_id,
        K.start, K.end, (K.end - K.start) AS duration, K.grid_size_x AS grid_x, K.grid_size_y AS grid_y,
        K.grid_size_z AS grid_z, K.workgroup_size_x AS workgroup_x, K.workgroup_size_y AS workgroup_y,
        K.workgroup_size_z AS workgroup_z, S.sgpr_count, S.arch_vgpr_count, S.accum_vgpr_count
        FROM rocpd_kernel_dispatch K
        INNER JOIN rocpd_info_kernel_symbol S ON S.id = K.kernel_id AND S.guid = K.guid
        INNER JOIN rocpd_string R ON R.id = K.region_name_id AND R.guid = K.guid
        INNER JOIN rocpd_event E ON E.id = K.event_id AND E.guid = K.guid
        INNER JOIN rocpd_info_process P ON P.id = K.pid AND P.guid = K.guid""")


def write_v1(db):
    for name in ("HSA", "HIP", "OPS", "COPY", "KERN"):
        db.execute(f'CREATE TABLE "{name}" ("Index" INTEGER, "Name" TEXT, "BeginNs" INTEGER, "EndNs" INTEGER)')
    db.execute("INSERT INTO KERN VALUES (0, 'vector_add', 1, 2)")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--code-object", action="append", default=[])
    p.add_argument("--kernel", action="append", default=[])
    p.add_argument("--dispatch", action="append", default=[])
    p.add_argument("--agent", action="append", default=[])
    p.add_argument("--region", action="append", default=[])
    p.add_argument("--schema", default="3")
    p.add_argument("--rocprof-v1", action="store_true")
    args = p.parse_args()
    db = sqlite3.connect(args.out)
    db.execute("PRAGMA page_size = 512")  # small files (the fuzz corpus keeps some)
    if args.rocprof_v1:
        write_v1(db)
    else:
        write_rocpd(db, args)
    db.commit()
    db.close()


main()
