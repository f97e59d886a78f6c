#!/usr/bin/env python3
"""json-from-expected.py CASE_DIR OUT_DIR - the ui_* directory AMD's decoder
would write for a real capture, from the records its source gives for each
buffer (the .att.expected files), beside a copy of the capture's .att files
and code object: shaderdata_<se>_0.json per engine with records (time
order), occupancy.json (every row under the capture's one kernel, named as
SOURCE.txt names it), code.json's label row (the kernel's code object and
address, from the code object's symbol table), realtime.json (100 MHz),
filenames.json."""
import glob
import json
import os
import re
import shutil
import struct
import sys


def symbol_address(elf_path, name):
    """The value of symbol NAME in an ELF64 little-endian file."""
    data = open(elf_path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 24):
            st_name, info, _, _, value, _ = struct.unpack_from("<IBBHQQ", data, off)
            end = data.index(b"\0", strtab[4] + st_name)
            if data[strtab[4] + st_name:end].decode() == name and info & 0xF == 2:
                return value
    raise SystemExit(f"{elf_path}: no function symbol {name}")

case, out = sys.argv[1], sys.argv[2]
shutil.copytree(os.path.join(case, "host"), os.path.join(out, "host"),
                ignore=shutil.ignore_patterns("*.expected"))
kernel = re.search(r"^kernel: (\S+)", open(os.path.join(case, "SOURCE.txt")).read(), re.M)
kernel = kernel.group(1) if kernel else None
files = sorted(glob.glob(os.path.join(case, "host", "*.att.expected")))
agent, dispatch = re.search(r"_(\d+)_shader_engine_\d+_(\d+)\.att", files[0]).groups()
ui = os.path.join(out, f"ui_output_agent_{agent}_dispatch_{dispatch}")
os.makedirs(ui)
occupancy, realtime, listing = {}, {}, {}
gfxip = 9
for path in files:
    se = re.search(r"_shader_engine_(\d+)_", path).group(1)
    rows, records = [], []
    for line in open(path):
        p = line.split()
        if line.startswith("# expected (gfx10+)"):
            gfxip = 12
        if not p or p[0].startswith("#"):
            continue
        if p[0] in ("start", "end"):
            rows.append([int(p[1]), int(p[2]), int(p[3]), int(p[4]), 1 if p[0] == "start" else 0, 1])
        elif p[0] == "data":
            t, cu, simd, slot, value, flags = (int(x) for x in p[1:7])
            records.append([t, value, cu, simd, slot, flags])
        elif p[0] == "realtime":
            realtime.setdefault(f"SE{se}", []).append([int(p[1]), int(p[2])])
    rows.sort(key=lambda r: r[0])
    occupancy[se] = rows
    if records:
        records.sort(key=lambda r: r[0])
        name = f"shaderdata_{se}_0.json"
        json.dump({"begin_time": records[0][0], "end_time": records[-1][0], "records": records,
                   "records_count": len(records), "records_schema": ["time", "value", "cu", "simd", "wave_id", "flags"],
                   "type": "shaderdata"}, open(os.path.join(ui, name), "w"), separators=(",", ":"))
        listing[se] = [[name, records[0][0], records[-1][0]]]
occupancy["dispatches"] = {"0": "0 / 0x0", "1": kernel}
occupancy["version"] = "3.0.0"
json.dump(occupancy, open(os.path.join(ui, "occupancy.json"), "w"), separators=(",", ":"))
names = {"counter_names": [], "gfxip": gfxip, "gfxv": "navi" if gfxip > 9 else "vega", "global_begin_time": 0,
         "version": "3.0.0", "wave_filenames": {}}
if listing:
    names["shaderdata_filenames"] = listing
json.dump(names, open(os.path.join(ui, "filenames.json"), "w"), separators=(",", ":"))
code_object = glob.glob(os.path.join(case, "host", "*_code_object_id_1.out"))[0]
with open(os.path.join(ui, "code.json"), "w") as f:
    json.dump({"code": [["; " + kernel, 0, 0, "", 1, symbol_address(code_object, kernel), 0, 0, 0, 0]],
               "header": "ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle", "version": "3.0.0"},
              f, separators=(",", ":"))
if realtime:
    realtime["metadata"] = {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}
    json.dump(realtime, open(os.path.join(ui, "realtime.json"), "w"), separators=(",", ":"))
