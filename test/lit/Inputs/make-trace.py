#!/usr/bin/env python3
"""make-trace.py SCENARIO.json|SCENARIO.py OUTDIR - writes a synthetic rocprofv3 --att tree.

Test fixture generator. SCENARIO:
  {"code_objects": {"<id>": "<.sqtt_funcmap text>", ...},
   "symbols": {"<id>": {"<function symbol>": <address>, ...}},  (optional)
   "dirs": {"<ui dir name>": {
       "occupancy": {"<se>": [[time, cu, simd, wave, start, kernel_id], ...],
                     "dispatches": {"<kernel_id>": "<name>"}},
       "shaderdata": {"<se>": [[time, value, cu, simd, wave, flags], ...]},
       "split": 1,  # shaderdata files per shader engine
       "no_filenames_json": false,
       "label": ["<kernel symbol>", <code object>, <entry vaddr>],  # code.json label row
       "att_pid": <pid>,  # writes <host>/<pid>_<agent>_shader_engine_<se>_<dispatch>.att
       "realtime": {"SE<k>": [[gfx_clock, realtime_clock], ...], "metadata": {...}},
       "waves": [{"se", "cu", "simd", "slot", "id", "begin", "end",   # wave files, FORMATS §12
                  "instructions": [[time, category, stall, duration, line], ...],
                  "timeline": [[state, duration], ...]}, ...],
       "code": [[isa, source, vaddr], ...],  # code.json rows after the label row
       "inserted": [[code object, vaddr], ...]}}}  # code.json's sqtt_inserted (the plugin's instructions)
A code object key "<pid>/<id>" gives its process (default 1234).
A .py scenario defines SCENARIO (for records too many to write by hand).
Code objects become minimal AMDGPU ELF64 files (only a .sqtt_funcmap
section, and a .symtab when symbols are given) named
<host>/1234_gfx942_code_object_id_<id>.out. Every file this
writes is synthetic test data.
"""
import json
import os
import struct
import sys


def elf_with_funcmap(text, symbols=None):
    data = text.encode() + b"\0"
    names = b"\0.sqtt_funcmap\0.shstrtab\0.symtab\0.strtab\0"
    strtab, symtab = b"\0", bytes(24)
    for name, value in (symbols or {}).items():
        # STB_GLOBAL | STT_FUNC, defined in section 1.
        symtab += struct.pack("<IBBHQQ", len(strtab), 0x12, 0, 1, value, 4)
        strtab += name.encode() + b"\0"
    header = bytearray(64)
    header[0:4] = b"\x7fELF"
    header[4], header[5], header[6] = 2, 1, 1
    struct.pack_into("<HHI", header, 0x10, 3, 224, 1)
    struct.pack_into("<I", header, 0x30, 0x04C)  # EF_AMDGPU_MACH gfx942
    offsets = [64, 64 + len(data)]
    body = bytes(header) + data + names
    if symbols:
        offsets += [len(body), len(body) + len(symtab)]
        body += symtab + strtab
    shoff = (len(body) + 7) & ~7
    body += b"\0" * (shoff - len(body))
    sections = bytes(64)
    sections += struct.pack("<IIQQQQIIQQ", 1, 1, 0, 0, offsets[0], len(data), 0, 0, 1, 0)
    sections += struct.pack("<IIQQQQIIQQ", 15, 3, 0, 0, offsets[1], len(names), 0, 0, 1, 0)
    if symbols:
        sections += struct.pack("<IIQQQQIIQQ", 25, 2, 0, 0, offsets[2], len(symtab), 4, 1, 8, 24)
        sections += struct.pack("<IIQQQQIIQQ", 33, 3, 0, 0, offsets[3], len(strtab), 0, 0, 1, 0)
    body = bytearray(body + sections)
    struct.pack_into("<Q", body, 0x28, shoff)
    struct.pack_into("<HHH", body, 0x3A, 64, 5 if symbols else 3, 2)  # shentsize, shnum, shstrndx
    return bytes(body)


def main():
    if sys.argv[1].endswith(".py"):
        namespace = {"__file__": os.path.abspath(sys.argv[1])}
        exec(open(sys.argv[1]).read(), namespace)
        scenario = namespace["SCENARIO"]
    else:
        scenario = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    host = os.path.join(out, "synthetic-host")
    os.makedirs(host, exist_ok=True)
    for key, text in scenario.get("code_objects", {}).items():
        pid, _, co_id = key.rpartition("/")
        path = os.path.join(host, f"{pid or 1234}_gfx942_code_object_id_{co_id}.out")
        with open(path, "wb") as f:
            f.write(elf_with_funcmap(text, scenario.get("symbols", {}).get(key)))
    for name, d in scenario.get("dirs", {}).items():
        ui = os.path.join(out, name)
        os.makedirs(ui, exist_ok=True)
        listing = {}
        split = d.get("split", 1)  # files per shader engine, as rocprofv3 splits long traces
        for se, all_records in d.get("shaderdata", {}).items():
            listing[se] = []
            per_file = -(-len(all_records) // split) if all_records else 0
            for idx in range(split):
                records = all_records[idx * per_file:(idx + 1) * per_file]
                if idx and not records:
                    break
                fname = f"shaderdata_{se}_{idx}.json"
                times = [r[0] for r in records] or [0]
                doc = {"type": "shaderdata", "note": "synthetic test data",
                       "begin_time": min(times), "end_time": max(times),
                       "records_schema": ["time", "value", "cu", "simd", "wave_id", "flags"],
                       "records_count": len(records), "records": records}
                with open(os.path.join(ui, fname), "w") as f:
                    json.dump(doc, f)
                listing[se].append([fname, min(times), max(times)])
        wave_listing = {}
        for w in d.get("waves", []):
            # rocprofv3's wave file: compact, keys sorted; "sm" is the SIMD.
            fname = f"se{w['se']}_sm{w['simd']}_sl{w['slot']}_wv{w['id']}.json"
            wave = {"begin": w["begin"], "cu": w["cu"], "end": w["end"], "id": w["id"],
                    "instructions": w["instructions"], "simd": w["simd"], "slot": w["slot"],
                    "timeline": w.get("timeline", []), "waitcnt": []}
            doc = {"duration": w["end"] - w["begin"], "name": f"SE{w['se']}",
                   "num_insts": len(w["instructions"]), "num_stitched": len(w["instructions"]), "wave": wave}
            with open(os.path.join(ui, fname), "w") as f:
                json.dump(doc, f, separators=(",", ":"), sort_keys=True)
            (wave_listing.setdefault(str(w["se"]), {}).setdefault(str(w["simd"]), {})
             .setdefault(str(w["slot"]), {})[str(w["id"])]) = [fname, w["begin"], w["end"]]
        if not d.get("no_filenames_json"):
            with open(os.path.join(ui, "filenames.json"), "w") as f:
                json.dump({"global_begin_time": 0, "gfxv": "vega", "gfxip": 9, "version": "3.1.0",
                           "counter_names": [], "wave_filenames": wave_listing,
                           "shaderdata_filenames": listing}, f)
        if "label" in d:
            # rocprofv3's code.json: compact, keys sorted, the label row first
            # (FORMATS §12), then the kernel's instructions.
            symbol, co, vaddr = d["label"]
            rows = [[f"; {symbol}", 0, 0, "", co, vaddr, 0, 0, 0, 0]]
            for isa, source, at in d.get("code", [["s_endpgm", "", vaddr + 4]]):
                rows.append([isa, 0, len(rows), source, co, at, 1, 4, 0, 0])
            doc = {"code": rows, "header": "ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, "
                   "Latency, Stall, Idle", "version": "1.2.0"}
            if "inserted" in d:
                doc["sqtt_inserted"] = d["inserted"]
            with open(os.path.join(ui, "code.json"), "w") as f:
                json.dump(doc, f, separators=(",", ":"), sort_keys=True)
        if "realtime" in d:
            with open(os.path.join(ui, "realtime.json"), "w") as f:
                json.dump(d["realtime"], f, separators=(",", ":"), sort_keys=True)
        if "att_pid" in d:
            agent, dispatch = name.split("_agent_")[1].split("_dispatch_")
            for se in d.get("shaderdata", {}) or {"0": []}:
                open(os.path.join(host, f"{d['att_pid']}_{agent}_shader_engine_{se}_{dispatch}.att"),
                     "wb").close()
        if "occupancy" in d:
            occ = dict(d["occupancy"])
            occ.setdefault("version", "3.0.0")
            with open(os.path.join(ui, "occupancy.json"), "w") as f:
                json.dump(occ, f)


if __name__ == "__main__":
    main()
