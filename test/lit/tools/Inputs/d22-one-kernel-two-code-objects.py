# D22: one kernel name, two code objects (JIT builds, A/B builds, templates in
# two libraries). Code objects 2 and 3 both define "blur" and give marker
# ID 1 different names. Three trace directories, as rocprofv3 writes them:
#   dispatch_1: code.json's label row names code object 2 -> load_rows
#   dispatch_2: its label row names code object 3         -> blur_pass
#   dispatch_3: no code.json: nothing tells which one ran -> unknown (event#1)
# occupancy's dispatches list unused ids and the name twice, as real ones do.
# Each wave: enter 1 at 100, exit at 100 + 10 * (directory number).

CO2 = """K:blur
F:1:load_rows
"""

CO3 = """K:blur
F:1:blur_pass
U:2:never_in_co2
"""


def wave(cu, n, dispatch):
    return [[100, 6, cu, 0, 0, 0], [100 + 10 * n, 1, cu, 0, 0, 0]]


def directory(n, label):
    d = {
        "occupancy": {
            "0": [[0, cu, 0, 0, 1, 5] for cu in range(2)] + [[500, cu, 0, 0, 0, 5] for cu in range(2)],
            "dispatches": {"0": "0 / 0x0", "1": "old_kernel", "4": "blur", "5": "blur"},
        },
        "shaderdata": {"0": sorted(sum((wave(cu, n, 5) for cu in range(2)), []))},
    }
    if label:
        d["label"] = label
    return d


SCENARIO = {
    "code_objects": {"2": CO2, "3": CO3},
    "dirs": {
        "ui_output_agent_1_dispatch_1": directory(1, ["blur", 2, 0x1000]),
        "ui_output_agent_1_dispatch_2": directory(2, ["blur", 3, 0x1000]),
        "ui_output_agent_1_dispatch_3": directory(3, None),
    },
}
