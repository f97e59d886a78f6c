# A label row that decides for several dispatches: code objects 2 and 3 both
# define "blur"; one trace directory holds waves of two dispatches named
# "blur" (4 and 5) and its code.json label row names code object 2. Both are
# decoded with code object 2's map (nothing else tells), and the tools warn.
# A second directory has waves of one "blur" dispatch only: no warning.

CO2 = """K:blur
F:1:load_rows
"""

CO3 = """K:blur
F:1:blur_pass
"""


def directory(dispatches):
    occupancy = {"dispatches": {"0": "0 / 0x0", "4": "blur", "5": "blur"}}
    rows, records = [], []
    for cu, d in enumerate(dispatches):
        rows += [[0, cu, 0, 0, 1, d], [500, cu, 0, 0, 0, d]]
        records += [[100, 6, cu, 0, 0, 0], [130, 1, cu, 0, 0, 0]]
    occupancy["0"] = sorted(rows)
    return {"occupancy": occupancy, "shaderdata": {"0": sorted(records)}, "label": ["blur", 2, 0x1000]}


SCENARIO = {
    "code_objects": {"2": CO2, "3": CO3},
    "dirs": {
        "ui_output_agent_1_dispatch_4": directory([4, 5]),
        "ui_output_agent_1_dispatch_5": directory([5]),
    },
}
