# Per-scope instruction detail: three wave files on the target CU (CU0).
# SE1's counter is 750 cycles behind SE0's (realtime.json), and wave files
# are on their SE's own counter, like its records.
#   A (SE0 SIMD0 slot 0, 900-2000): f 1000-1600, u 1200-1400 inside it;
#     instructions [time, category, stall, duration, line]:
#       950 SALU 0/4 L1 (no scope), 1000 VALU 2/8 L2 (f: at its entry),
#       1100 VMEM 10/40 L3 (f), 1200 LDS 4/16 L4 (u), 1300 LDS 6/16 L4 (u),
#       1400 VALU 0/8 L2 (f: u left at 1400), 1700 SALU 0/4 L1 (no scope);
#     states from 900: IDLE 100 (no scope), EXEC 400 (f 200, u 200),
#       STALL 200 (f), WAIT 200, EXEC 200 (no scope).
#   B (SE1 SIMD1 slot 2, 150-650 = aligned 900-1400): f 250-450 (1000-1200);
#       300 VMEM 20/50 L3 (aligned 1050: f), 500 SALU 0/4 L1 (1250: no scope);
#       EXEC 500: no scope 100 + 200, f 200.
#   C (SE0 SIMD0 slot 1, 900-1100): no marker; 1000 SALU 0/4 L1; EXEC 200.
# Truth (kernel k):
#   f: 2 waves, 4 instructions, 106 cycles, 32 stall, EXEC 400, STALL 200;
#      VALU 2 x 16 cycles, VMEM 2 x 90; top ISA L3 (90), L2 (16);
#      top source k.hip:13 (90), k.hip:12 (16)
#   u: 1 wave, 2 instructions, 32 cycles, 10 stall, EXEC 200; LDS 2 x 32;
#      both inserted (L4 is in sqtt_inserted): 32 inserted cycles
#   (no scope): 3 waves, 4 instructions, 16 cycles, IDLE 100, EXEC 700, WAIT 200

CO = """K:k
F:1:f
U:2:u
"""

SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {
                "0": [[900, 0, 0, 0, 1, 1], [900, 0, 0, 1, 1, 1], [1100, 0, 0, 1, 0, 1], [2000, 0, 0, 0, 0, 1]],
                "1": [[150, 0, 1, 2, 1, 1], [650, 0, 1, 2, 0, 1]],
                "dispatches": {"0": "0 / 0x0", "1": "k"},
            },
            "shaderdata": {"0": [[1000, 6, 0, 0, 0, 0], [1200, 10, 0, 0, 0, 0], [1400, 1, 0, 0, 0, 0],
                                 [1600, 1, 0, 0, 0, 0]],
                           "1": [[250, 6, 0, 1, 2, 0], [450, 1, 0, 1, 2, 0]]},
            "label": ["k", 1, 0x1000],
            "code": [["s_add_u32 s0, s1, s2", "", 0x1004],
                     ["v_add_f32 v1, v2, v3", "k.hip:12", 0x1008],
                     ["global_load_dword v1, v[2:3], off", "k.hip:13", 0x1010],
                     ["ds_read_b32 v4, v5", "k.hip:20", 0x1018]],
            # The plugin's (code.json's sqtt_inserted): the LDS read, so u is
            # all inserted and f none; a row of another code object marks nothing.
            "inserted": [[1, 0x1018], [2, 0x1008]],
            "waves": [
                {"se": 0, "cu": 0, "simd": 0, "slot": 0, "id": 0, "begin": 900, "end": 2000,
                 "instructions": [[950, 2, 0, 4, 1], [1000, 6, 2, 8, 2], [1100, 3, 10, 40, 3],
                                  [1200, 5, 4, 16, 4], [1300, 5, 6, 16, 4], [1400, 6, 0, 8, 2],
                                  [1700, 2, 0, 4, 1]],
                 "timeline": [[1, 100], [2, 400], [4, 200], [3, 200], [2, 200]]},
                {"se": 1, "cu": 0, "simd": 1, "slot": 2, "id": 0, "begin": 150, "end": 650,
                 "instructions": [[300, 3, 20, 50, 3], [500, 2, 0, 4, 1]], "timeline": [[2, 500]]},
                {"se": 0, "cu": 0, "simd": 0, "slot": 1, "id": 0, "begin": 900, "end": 1100,
                 "instructions": [[1000, 2, 0, 4, 1]], "timeline": [[2, 200]]},
            ],
            "realtime": {"SE0": [[1000, 5000000], [221000, 5010000]],
                         "SE1": [[250, 5000000], [220250, 5010000]],
                         "metadata": {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}},
        },
    },
}
