# Three traced dispatches of two kernels, for the -f sqlite join columns:
# dispatch 7 and 12 run "k", dispatch 9 runs "k2" (one code object, one
# wave each, launched at 0 and ended at 1000).
#   7  (k):  f 100-400 (300)
#   9  (k2): f 100-300 (200), u 400-450 (50)
#   12 (k):  f 100-600 (500)
# Over the whole tree, k's rows rest on dispatches 7 and 12 (dispatch_id
# NULL), k2's on dispatch 9 alone (dispatch_id 9). A run over one
# directory, or --dispatch N, rests every row on that dispatch.

CO = """K:k
K:k2
F:1:f
U:2:u
"""


def directory(kernel, vaddr, records):
    return {
        "occupancy": {"0": [[0, 0, 0, 0, 1, 1], [1000, 0, 0, 0, 0, 1]],
                      "dispatches": {"0": "0 / 0x0", "1": kernel}},
        "shaderdata": {"0": [[t, v, 0, 0, 0, 0] for t, v in records]},
        "label": [kernel, 1, vaddr],
    }


SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {
        "ui_output_agent_1_dispatch_7": directory("k", 0x1000, [(100, 6), (400, 1)]),
        "ui_output_agent_1_dispatch_9": directory("k2", 0x2000, [(100, 6), (300, 1), (400, 10), (450, 1)]),
        "ui_output_agent_1_dispatch_12": directory("k", 0x1000, [(100, 6), (600, 1)]),
    },
}
