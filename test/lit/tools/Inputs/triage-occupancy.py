# sqtt-triage's planted problem "low occupancy" (a make-trace.py scenario):
# ten waves of kernel "k" (SE0, CU 0-9), each the same 1000 cycles (scope
# "work" 600 of them), five launched at 0 and the other five one after
# another at 1000, 2000, ... 5000: the dispatch runs 6000 cycles with 5
# waves in flight at its peak and 10 x 1000 / 6000 = 1.67 on average (a
# share of 0.33). Its last wave ends 1000 cycles after 90 % of them did
# (17 %: no tail), and no wave is slower than another. Gain: the dispatch's
# time less its work spread over the peak's slots, 6000 - 10000 / 5 = 4000
# cycles.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())
SCENARIO = scenario([600] * 10, launches=[0] * 5 + [1000, 2000, 3000, 4000, 5000])
