#!/usr/bin/env python3
"""markerless-gfx942.py OUT BLIT.co KERNEL.co - a rocprofv3 --att tree shaped
like the real 2025 gfx942 (MI325X) captures of FORMATS §12, of a kernel built
without markers: the code objects in <host>/ (id 1 the runtime's blit kernel,
id 2 the user's, neither with a .sqtt_funcmap), two ui_* directories with
occupancy only (no shaderdata files, no wave files, no realtime.json: the
2025 captures have none), each with its code.json label row; the stats CSV,
results.db and .att files beside them. The dispatches maps name several ids,
the kernel under three of them (JIT-style) and an unresolved "2 / 0x4e00";
the ids in use are 7 and 11, not 1. Compact JSON, sorted keys, integers.

Waves (SE, CU, SIMD, slot: launch + lifetime, cycles):
  dispatch_3, id 7:
    SE0 CU0 SIMD0 slot0: 1000 + 3000, 4000 + 2500, 6500 + 2000 (relaunched
                         at the cycle the wave before ended)
    SE0 CU0 SIMD1 slot0: 1000 + 3100
    SE0 CU1 SIMD0 slot0: 1000 + 2900
    SE1 CU0 SIMD0 slot0: 1000 + 3050
    SE1 CU0 SIMD0 slot1: 1000 + 2950
  dispatch_4, id 11:
    SE0 CU0 SIMD0 slot0: 500 + 800
    SE0 CU2 SIMD3 slot1: 520 + 1200
"""
import json
import os
import shutil
import subprocess
import sys

out, blit, kernel = sys.argv[1:4]
KERNEL = "_Z11vector_copyPfS_"
host = os.path.join(out, "mi325x-node")
os.makedirs(host, exist_ok=True)
shutil.copy(blit, os.path.join(host, "31337_agent-2_code_object_id_1.out"))
shutil.copy(kernel, os.path.join(host, "31337_agent-2_code_object_id_2.out"))
open(os.path.join(host, "31337_results.db"), "wb").write(b"")


def entry(co, symbol):
    """The kernel's entry address, as the label row gives it."""
    for line in subprocess.run(["llvm-nm", "--defined-only", co], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        value, _kind, name = line.split()
        if name == symbol:
            return int(value, 16)
    raise SystemExit(f"{co}: no symbol {symbol}")


def directory(name, dispatches, used, waves):
    ui = os.path.join(out, name)
    os.makedirs(ui, exist_ok=True)

    def dump(file, value):
        with open(os.path.join(ui, file), "w") as f:
            json.dump(value, f, separators=(",", ":"), sort_keys=True)

    occupancy = {"dispatches": dispatches, "version": "3.0.0"}
    for (se, cu, simd, slot), spans in waves.items():
        rows = occupancy.setdefault(str(se), [])
        for launch, life in spans:
            rows.append([launch, cu, simd, slot, 1, used])
            rows.append([launch + life, cu, simd, slot, 0, used])
    for se in list(occupancy):
        if se.isdigit():
            # Time order; at one time an end before the launch that reuses its slot.
            occupancy[se].sort(key=lambda r: (r[0], r[4]))
    dump("occupancy.json", occupancy)
    dump("filenames.json", {"counter_names": [], "gfxip": 9, "gfxv": "gfx942", "global_begin_time": 0,
                            "version": "3.0.0", "wave_filenames": {}})
    dump("code.json", {"code": [[f"; {KERNEL}", 0, 0, "", 2, entry(kernel, KERNEL), 0, 0, 0, 0]],
                       "header": "ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle",
                       "version": "3.0.0"})
    dispatch = name.rsplit("_", 1)[1]
    with open(os.path.join(out, f"stats_{name}.csv"), "w") as f:
        f.write('"CodeObj","Vaddr","Instruction","Hitcount","Latency","Stall","Idle","Source"\n')
    for se in {k[0] for k in waves}:
        open(os.path.join(host, f"31337_2_shader_engine_{se}_{dispatch}.att"), "wb").write(b"\0" * 64)


names = {"0": "0 / 0x0", "1": "__amd_rocclr_fillBufferAligned", "5": KERNEL, "7": KERNEL, "9": "2 / 0x4e00"}
directory("ui_output_agent_2_dispatch_3", names, 7, {
    (0, 0, 0, 0): [(1000, 3000), (4000, 2500), (6500, 2000)],
    (0, 0, 1, 0): [(1000, 3100)],
    (0, 1, 0, 0): [(1000, 2900)],
    (1, 0, 0, 0): [(1000, 3050)],
    (1, 0, 0, 1): [(1000, 2950)],
})
directory("ui_output_agent_2_dispatch_4", dict(names, **{"11": KERNEL}), 11, {
    (0, 0, 0, 0): [(500, 800)],
    (0, 2, 3, 1): [(520, 1200)],
})
