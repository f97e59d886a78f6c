# Memory heatmap and summary with the names users have: long mangled kernel
# and object names (templates, function-local statics), objects of one page
# and of many, two kernels (two panels). The maps' base= values are as the
# plugin writes them (lds:/global: with the mangled symbol, arg:<i>:<name>).

ATTN = "_ZN12transformers7kernels36scaled_dot_product_attention_forwardIfLi128ELi64EEEvPKT_S4_S4_PS2_i"
TILE = ("_ZZN12transformers7kernels36scaled_dot_product_attention_forwardIfLi128ELi64EEEvPKT_S4_S4_PS2_iE"
        "45shared_tile_for_queries_and_keys_with_padding")

CO2 = f"""K:{ATTN}
W:64
P:1:addr_trace_load@attention.hip:40
R:1:extra_payload_count=130;access_bytes=4;base=arg:0:queries_input_tensor_in_row_major_layout
P:2:addr_trace_load@attention.hip:41
R:2:extra_payload_count=130;access_bytes=4;base=arg:1:k
P:3:addr_trace_lds_store@attention.hip:42
R:3:extra_payload_count=66;access_bytes=4;base=lds:{TILE}
P:4:addr_trace_store@attention.hip:43
R:4:extra_payload_count=130;access_bytes=4;base=arg:3:o
"""

CO3 = """K:_Z10reduce_sumPf
W:64
P:1:addr_trace_lds_store@reduce.hip:7
R:1:extra_payload_count=66;access_bytes=4;base=lds:_ZZ10reduce_sumPfE7partial
P:2:addr_trace_load@reduce.hip:8
R:2:extra_payload_count=130;access_bytes=4;base=arg:0:p
"""

FULL = (1 << 64) - 1


def rec(t, v, cu):
    return [t, v, cu, 0, 0, 0]


def block(t, marker, words, cu):
    out = [rec(t, marker << 2, cu), rec(t, FULL & 0xFFFFFFFF, cu), rec(t, FULL >> 32, cu)]
    return out + [rec(t, w & 0xFFFFFFFF, cu) for w in words]


def wide(base):
    return [w for i in range(64) for w in ((base + 4 * i) & 0xFFFFFFFF, (base + 4 * i) >> 32)]


def lds(base):
    return [base + 4 * i for i in range(64)]


records, rows = [], []
# Kernel 1 on CUs 0-3: queries over 48 pages, k on one, the tile, o on two.
for cu in range(4):
    t = 100 + 1000 * cu
    rows += [[t - 50, cu, 0, 0, 1, 1], [t + 900, cu, 0, 0, 0, 1]]
    for step in range(12):
        records += block(t + 10 * step, 1, wide(0x7f0000000000 + 4096 * (12 * cu + step)), cu)
    records += block(t + 200, 2, wide(0x7f1000000000), cu)
    records += block(t + 300, 3, lds(256 * cu), cu)
    records += block(t + 400, 4, wide(0x7f2000000000 + 4096 * (cu % 2)), cu)
# Kernel 2 on CU 5.
rows += [[4950, 5, 0, 0, 1, 2], [6000, 5, 0, 0, 0, 2]]
records += block(5000, 1, lds(0), 5) + block(5100, 2, wide(0x7e0000000000), 5)

SCENARIO = {
    "code_objects": {"2": CO2, "3": CO3},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {"0": sorted(rows), "dispatches": {"1": ATTN, "2": "_Z10reduce_sumPf"}},
            "shaderdata": {"0": sorted(records, key=lambda r: r[0])},
        },
    },
}
