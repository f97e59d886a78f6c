# D25: the kernel's own time. One dispatch of "k" (code object 1), three
# waves in occupancy.json:
#   CU0: launched at 0, ended at 1839; f 100-400, u 1000-1300: 600 cycles in
#        scopes, so 1239 of the kernel's own
#   CU1: launched at 50, ended at 1050; f 200-500: 300 in scopes, 700 its own
#   CU2: launched at 0, ended at 5000, recorded no marker (not traced)
# Kernel frame: 1239 + 700 = 1939; f: 300 + 300 = 600; u (after f): 300.
# Kernel row: 3 waves (1839, 1000, 5000 cycles: 7839), 2 traced, self 1939,
# scoped 900 of 2839 traced cycles = 31.7 %.

CO = """K:k
F:1:f
U:2:u
"""

SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {
                "0": [[0, 0, 0, 0, 1, 1], [0, 2, 0, 0, 1, 1], [50, 1, 0, 0, 1, 1], [1050, 1, 0, 0, 0, 1],
                      [1839, 0, 0, 0, 0, 1], [5000, 2, 0, 0, 0, 1]],
                "dispatches": {"0": "0 / 0x0", "1": "k"},
            },
            "shaderdata": {"0": [[100, 6, 0, 0, 0, 0], [200, 6, 1, 0, 0, 0], [400, 1, 0, 0, 0, 0],
                                 [500, 1, 1, 0, 0, 0], [1000, 10, 0, 0, 0, 0], [1300, 1, 0, 0, 0, 0]]},
            "label": ["k", 1, 0x1000],
        },
    },
}
