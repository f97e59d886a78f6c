# --merge: three trace directories of one capture. Dispatches 1 and 2 have
# realtime.json: the same clocks 1 ms (100000 ticks of 100 MHz) apart, so
# "f" (entered at cycle 1000, 220 cycles at 2.2 GHz: 100 ns) starts at 455 ns
# in the first and at 1 000 455 ns in the second. Dispatch 3 has no
# realtime.json: its own origin, and 1 cycle shown as 1 ns (f at 1000 ns).

CO = """K:k
F:1:f
"""


def directory(ticks):
    d = {
        "occupancy": {"0": [[900, 0, 0, 0, 1, 1], [1300, 0, 0, 0, 0, 1]],
                      "dispatches": {"0": "0 / 0x0", "1": "k"}},
        "shaderdata": {"0": [[1000, 6, 0, 0, 0, 0], [1220, 1, 0, 0, 0, 0]]},
        "label": ["k", 1, 0x1000],
    }
    if ticks is not None:
        d["realtime"] = {"SE0": [[1000, ticks], [221000, ticks + 10000]],
                         "metadata": {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}}
    return d


SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {
        "ui_output_agent_1_dispatch_1": directory(5000000),
        "ui_output_agent_1_dispatch_2": directory(5100000),
        "ui_output_agent_1_dispatch_3": directory(None),
    },
}
