# sqtt-triage's planted problem "slow", rebuilt (code object 2): triage-scenario.py says what it holds.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())
WORK = [1000 + 10 * i for i in range(10)]
WORK = [2 * w for w in WORK]
SCENARIO = scenario(WORK, co_id=2)
