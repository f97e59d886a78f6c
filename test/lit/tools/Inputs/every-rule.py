# A synthetic trace touching every processing rule of the trace tools.
# Expected results are derived in the comments and checked by the tests.

CO3 = """K:_Z6kernelPf
F:1:_Z6helperv
U:2:phase
P:3:tick
P:4:value
R:4:extra_payload_count=1
U:5:inner
W:64
P:6:addr_trace_load@k.hip:10
R:6:extra_payload_count=130
P:7:addr_trace_lds_store@k.hip:11
R:7:extra_payload_count=66
P:8:addr_trace_buffer_load@k.hip:12
R:8:extra_payload_count=69
P:9:addr_trace_struct_buffer_store@k.hip:13
R:9:extra_payload_count=133
P:10:addr_trace_ds_bpermute@k.hip:14
R:10:extra_payload_count=66
"""

CO5 = """K:other_kernel
U:1:solo
W:32
P:2:addr_trace_atomic@o.hip:3
R:2:extra_payload_count=66
P:3:addr_trace_lds_load@o.hip:4
R:3:extra_payload_count=34
"""


def rec(t, v, cu, simd, wave, flags=0):
    return [t, v, cu, simd, wave, flags]


def block(t, marker_id, exec_mask, words, cu, simd, wave):
    """An address block: header, EXEC (lo, hi), then the given words, all at t."""
    out = [rec(t, marker_id << 2, cu, simd, wave),
           rec(t, exec_mask & 0xFFFFFFFF, cu, simd, wave),
           rec(t, exec_mask >> 32, cu, simd, wave)]
    out += [rec(t, w & 0xFFFFFFFF, cu, simd, wave) for w in words]
    return out


# W1: SE0 CU0 SIMD0 W0, kernel in co 3. Stacks (prefix code_object_3;_Z6kernelPf):
#   helper 10..20 and 60..70 -> 20 (2), helper;phase 20..40 -> 20, helper;inner 40..60 -> 20;
#   the point (25) and the data marker (30) with its payload (31) add nothing;
#   the PRIV record (35) is dropped; the exit at 80 is unmatched; "phase" at 90 stays open.
W1 = [rec(10, 6, 0, 0, 0), rec(20, 10, 0, 0, 0), rec(25, 12, 0, 0, 0), rec(30, 16, 0, 0, 0),
      rec(31, 0xDEAD, 0, 0, 0), rec(35, 6, 0, 0, 0, flags=2), rec(40, 23, 0, 0, 0),
      rec(60, 1, 0, 0, 0), rec(70, 1, 0, 0, 0), rec(80, 1, 0, 0, 0), rec(90, 10, 0, 0, 0)]

# W2: SE0 CU0 SIMD1 W2, interleaved with W1: "phase" 12..52 -> 40, and the five
# wave64 address kinds with partial EXEC masks.
W2 = [rec(12, 10, 0, 1, 2)]
W2 += block(15, 6, 0x5, [w for i in range(64) for w in (0x1000 + 8 * i, 0x7F00)], 0, 1, 2)
W2 += block(17, 7, 0xFFFFFFFFFFFFFFFF, [4 * i for i in range(64)], 0, 1, 2)
RSRC_LO, RSRC_HI = 0x10000000, 0x00040001  # base 0x1_10000000, stride 4
W2 += block(19, 8, 0x3, [RSRC_LO, RSRC_HI, 0x100] + [4 * i for i in range(64)], 0, 1, 2)
W2 += block(21, 9, 0x1, [RSRC_LO, RSRC_HI, 0] + [0] * 64 + [i for i in range(64)], 0, 1, 2)
W2 += block(23, 10, 0x8000000000000001, [4 * i for i in range(64)], 0, 1, 2)
W2 += [rec(52, 1, 0, 1, 2)]

# W3: SE1 CU2 SIMD0 W0, relaunched with another dispatch (co 5, wave32):
#   instance 0 (kernel): phase 10..30 -> 20; instance 1 (other_kernel): solo 210..250 -> 40,
#   a wave32 atomic address block (all 32 lanes), then a truncated LDS block.
W3 = [rec(10, 10, 2, 0, 0), rec(30, 1, 2, 0, 0), rec(210, 6, 2, 0, 0)]
W3 += block(220, 2, 0xFFFFFFFF, [w for i in range(32) for w in (0x2000 + 16 * i, 0x1)], 2, 0, 0)
W3 += [rec(250, 1, 2, 0, 0)]
W3 += block(260, 3, 0xFFFFFFFF, [0, 4, 8, 12, 16], 2, 0, 0)

# W4: SE1 CU3 SIMD0 W1, no occupancy: unknown ID 99 as a scope "event#99", 500..530 -> 30.
W4 = [rec(500, (99 << 2) | 2, 3, 0, 1), rec(530, 1, 3, 0, 1)]

SE0 = sorted(W1 + W2, key=lambda r: r[0])
SE1 = sorted(W3 + W4, key=lambda r: r[0])

SCENARIO = {
    "code_objects": {"3": CO3, "5": CO5},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {
                "0": [[0, 0, 0, 0, 1, 1], [5, 0, 1, 2, 1, 1], [1000, 0, 0, 0, 0, 1]],
                "1": [[0, 2, 0, 0, 1, 1], [100, 2, 0, 0, 0, 1], [200, 2, 0, 0, 1, 2]],
                "dispatches": {"0": "0 / 0x0", "1": "_Z6kernelPf", "2": "other_kernel"},
            },
            "shaderdata": {"0": SE0, "1": SE1},
        },
        # A second time domain, without filenames.json: helper 100..150 -> 50.
        "ui_output_agent_1_dispatch_2": {
            "occupancy": {"0": [[0, 0, 0, 0, 1, 1]], "dispatches": {"1": "_Z6kernelPf"}},
            "shaderdata": {"0": [rec(100, 6, 0, 0, 0), rec(150, 1, 0, 0, 0)]},
            "no_filenames_json": True,
        },
    },
}
