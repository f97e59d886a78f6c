# D17: a marker is decoded only with its own code object's map. Three code
# objects share marker ID 1 under different names; four dispatches:
#   1 "_Z6kernelPf"  K row of co 3               -> code_object_3 (gfx942);_Z6kernelPf;helper
#   2 "7 / 0x1000"   rocprofv3's unnamed form    -> code_object_7 (gfx942);_Z8unnamedv;stage
#                    (the symbol at 0x1000 of co 7)
#   3 "9 / 0x2000"   co 9's file is missing      -> code_object_9;9 / 0x2000;event#1
#   4 "mystery"      in no code object's map     -> mystery;event#1
# Each wave: enter 1 at 100, exit at 100 + 10 * dispatch.

CO3 = """K:_Z6kernelPf
F:1:helper
"""

CO5 = """K:other_kernel
U:1:wrong_name_from_co5
"""

CO7 = """K:_Z8unnamedv
U:1:stage
"""


def wave(cu, dispatch):
    return [[100, 6, cu, 0, 0, 0], [100 + 10 * dispatch, 1, cu, 0, 0, 0]]


SCENARIO = {
    "code_objects": {"3": CO3, "5": CO5, "7": CO7},
    "symbols": {"7": {"_Z8unnamedv": 0x1000, "_Z5otherv": 0x2000}},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {
                "0": [[0, cu, 0, 0, 1, cu + 1] for cu in range(4)],
                "dispatches": {"1": "_Z6kernelPf", "2": "7 / 0x1000", "3": "9 / 0x2000", "4": "mystery"},
            },
            "shaderdata": {"0": sorted(sum((wave(cu, cu + 1) for cu in range(4)), []))},
        },
    },
}
