# Two code objects for the code.json tables: a packed gfx12 one with a data
# marker (payload) and a plain one; an existing code.json whose other keys
# must survive.
CO4 = ("M:shader_clock_bits=12;shader_clock_shift=4\nK:kern@k.hip:80\nF:1:_Z4workf@k.hip:12\n"
       "U:2:load_phase\nP:3:value\nR:3:extra_payload_count=1\n")
CO5 = "K:other\nP:1:barrier\nW:32\nP:2:addr_trace_load@o.hip:59 -> hip_runtime.h:264\nR:2:extra_payload_count=66\n"


def packed(field, value):
    return (field << 20) | value


# co 4 is active in SIMD 0: a packed header (field 0x100), a packed data
# marker with its payload word (which looks packed), and a late header.
SE0 = [[0x1010, packed(0x100, 6), 0, 0, 0, 0],
       [0x1020, packed(0x101, 12), 0, 0, 0, 0],
       [0x1021, packed(0x7FF, 6), 0, 0, 0, 0],
       [0x1080, packed(0x101, 1), 0, 0, 0, 0]]

SCENARIO = {
    "code_objects": {"4": CO4, "5": CO5},
    "dirs": {"ui_tables": {"occupancy": {"0": [[0, 0, 0, 0, 1, 1]], "dispatches": {"1": "kern"}},
                           "shaderdata": {"0": SE0}}},
}
