# D23: two processes (MPI ranks, two runs) share one rocprofv3 -d. Each
# loaded its own code_object_id_1 with a kernel "k" whose marker 1 has another
# name; the .att names tie each trace directory to its process:
#   ui_output_agent_1_dispatch_1  <- 1111_1_shader_engine_0_1.att  -> alpha (10 cycles a wave)
#   ui_output_agent_2_dispatch_1  <- 2222_2_shader_engine_0_1.att  -> beta  (20 cycles a wave)
# Each directory's label row names code object 1, at the same address.

A = """K:k
F:1:alpha
"""

B = """K:k
U:1:beta
"""


def directory(cycles, pid):
    return {
        "occupancy": {
            "0": [[0, cu, 0, 0, 1, 1] for cu in range(2)] + [[500, cu, 0, 0, 0, 1] for cu in range(2)],
            "dispatches": {"0": "0 / 0x0", "1": "k"},
        },
        "shaderdata": {"0": sorted(sum(([[100, 6, cu, 0, 0, 0], [100 + cycles, 1, cu, 0, 0, 0]]
                                        for cu in range(2)), []))},
        "label": ["k", 1, 0x1000],
        "att_pid": pid,
    }


SCENARIO = {
    "code_objects": {"1111/1": A, "2222/1": B},
    "dirs": {
        "ui_output_agent_1_dispatch_1": directory(10, 1111),
        "ui_output_agent_2_dispatch_1": directory(20, 2222),
    },
}
