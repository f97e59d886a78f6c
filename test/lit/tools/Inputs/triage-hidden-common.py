# sqtt-triage counts a stall only while no other wave of its SIMD issues (a
# make-trace.py scenario without markers; the triage-hidden-*.py files set
# SIMD_B and exec this one). Two waves of kernel "k" on CU 0, with wave
# files:
#   wave A (SIMD 0, slot 0): a global_load, then s_waitcnt vmcnt(0) at
#          k.hip:31 stalled for 900 cycles, [118, 1018);
#   wave B (SIMD_B, slot 1): the same load, then 75 v_add_f32 of 8 cycles
#          each, issuing over [118, 718), then the same wait, not stalled.
# On one SIMD (SIMD_B 0), B issues through 600 of A's 900 stalled cycles:
# 300 stay, 150 a wave of the two. On two SIMDs, none is hidden: 900, 450 a
# wave.
CODE = [["global_load_dword v1, v[2:3], off", "k.hip:14", 0x1004],
        ["v_add_f32 v4, v5, v6", "k.hip:20", 0x100c],
        ["s_waitcnt vmcnt(0)", "k.hip:31", 0x1010],
        ["v_mul_f32 v1, v1, v4", "k.hip:31", 0x1014],
        ["s_endpgm", "k.hip:33", 0x1020]]


def wave(simd, slot, instructions):
    return {"se": 0, "cu": 0, "simd": simd, "slot": slot, "id": 0, "begin": 100, "end": 1100,
            "instructions": instructions, "timeline": [[2, 1000]]}


A = [[110, 3, 0, 8, 1], [118, 9, 900, 904, 3], [1022, 6, 0, 8, 4], [1030, 9, 0, 4, 5]]
B = [[110, 3, 0, 8, 1]] + [[118 + 8 * i, 6, 0, 8, 2] for i in range(75)] + [[1030, 9, 0, 4, 3], [1034, 9, 0, 4, 5]]


def scenario(simd_b):
    occupancy = sorted([[100, 0, 0, 0, 1, 1], [100, 0, simd_b, 1, 1, 1], [1100, 0, 0, 0, 0, 1],
                        [1100, 0, simd_b, 1, 0, 1]], key=lambda r: r[0])
    return {
        "code_objects": {},
        "dirs": {
            "ui_output_agent_1_dispatch_1": {
                "occupancy": {"0": occupancy, "dispatches": {"0": "0 / 0x0", "1": "k"}},
                "label": ["k", 1, 0x1000],
                "code": CODE,
                "waves": [wave(0, 0, A), wave(simd_b, 1, B)],
            },
        },
    }
