# sqtt-triage's planted problem "tail" (a make-trace.py scenario): ten waves of
# kernel "k" (SE0, CU 0-9), each the same 1400 cycles (scope "work" 1000 of
# them, as triage-scenario.py lays a wave out), nine launched at 0 and the
# tenth at 1500, after they ended: the dispatch runs 2900 cycles, 1500 of
# them (52 %) after 90 % of its waves ended. No wave is slower than another
# (no straggler), and the waves in flight average 10 x 1400 / 2900 = 4.8 of
# the nine at its peak (0.54: not low). Gain: the tail less its work spread
# over the peak's slots, 1500 - 1400 / 9 = 1344.4 cycles.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())
SCENARIO = scenario([1000] * 10, launches=[0] * 9 + [1500])
