# D26: shader engines count cycles from different origins. SE1's counter is
# 750 cycles behind SE0's: realtime.json samples both at the same two
# instants (10000 ticks of 100 MHz = 100 us apart, 220000 cycles: 2.2 GHz).
# One wave per SE enters "f" at the same instant (SE0 cycle 1000, SE1 cycle
# 250) and leaves it 220 cycles later. Aligned on SE0's counter both enter
# at 1000; at 2.2 GHz that is 455 ns (whole ns), and f lasts 100 ns.

CO = """K:k
F:1:f
"""

SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {
        "ui_output_agent_1_dispatch_1": {
            "occupancy": {
                "0": [[900, 0, 0, 0, 1, 1], [1300, 0, 0, 0, 0, 1]],
                "1": [[150, 0, 0, 0, 1, 1], [550, 0, 0, 0, 0, 1]],
                "dispatches": {"0": "0 / 0x0", "1": "k"},
            },
            "shaderdata": {"0": [[1000, 6, 0, 0, 0, 0], [1220, 1, 0, 0, 0, 0]],
                           "1": [[250, 6, 0, 0, 0, 0], [470, 1, 0, 0, 0, 0]]},
            "label": ["k", 1, 0x1000],
            "realtime": {"SE0": [[1000, 5000000], [221000, 5010000]],
                         "SE1": [[250, 5000000], [220250, 5010000]],
                         "metadata": {"descriptor": "[gfx_clock, realtime_clock]", "frequency": 100000000}},
        },
    },
}
