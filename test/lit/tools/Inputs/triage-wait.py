# sqtt-triage's planted memory wait on a capture without markers (a
# make-trace.py scenario): four waves of kernel "k" on SIMDs 0-3 of CU 0,
# each with its wave file (the target CU's instruction detail, FORMATS §12):
# global_loads at k.hip:14 and k.hip:15, arithmetic, then s_waitcnt vmcnt(1)
# at k.hip:31 that stalls 900 cycles, then the rest. The wait leaves the
# newest load outstanding: it is a memory-wait at k.hip:31 naming the load at
# k.hip:14, its gain 900 cycles a wave.
WAVES = 4
occupancy, waves = [], []
for simd in range(WAVES):
    begin = 100 + simd
    occupancy += [[begin, 0, simd, 0, 1, 1], [begin + 1200, 0, simd, 0, 0, 1]]
    t = begin + 10
    instructions = []
    for category, stall, duration, line in [(3, 0, 8, 1), (3, 0, 8, 2), (6, 0, 8, 3), (9, 900, 904, 4),
                                            (6, 0, 8, 5), (3, 0, 8, 6), (9, 0, 4, 7)]:
        instructions.append([t, category, stall, duration, line])
        t += duration
    waves.append({"se": 0, "cu": 0, "simd": simd, "slot": 0, "id": 0, "begin": begin, "end": begin + 1200,
                  "instructions": instructions, "timeline": [[2, 1200]]})
occupancy.sort(key=lambda r: r[0])
SCENARIO = {
    "code_objects": {},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {"0": occupancy, "dispatches": {"0": "0 / 0x0", "1": "k"}},
            "label": ["k", 1, 0x1000],
            "code": [["global_load_dword v1, v[2:3], off", "k.hip:14", 0x1004],
                     ["global_load_dword v7, v[8:9], off", "k.hip:15", 0x1008],
                     ["v_add_f32 v4, v5, v6", "k.hip:20", 0x100c],
                     ["s_waitcnt vmcnt(1)", "k.hip:31", 0x1010],
                     ["v_mul_f32 v1, v1, v4", "k.hip:31", 0x1014],
                     ["global_store_dword v[2:3], v1, off", "k.hip:32", 0x1018],
                     ["s_endpgm", "k.hip:33", 0x1020]],
            "waves": waves,
        },
    },
}
