# sqtt-triage's planted problem "straggler": triage-scenario.py says what it holds.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())
WORK = [1000 + 10 * i for i in range(10)]
WORK[9] = 20000
SCENARIO = scenario(WORK)
