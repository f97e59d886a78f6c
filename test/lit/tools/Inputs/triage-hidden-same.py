# sqtt-triage's hidden stalls, the two waves on SIMDs 0 and 0: triage-hidden-common.py says what it holds.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-hidden-common.py")).read())
SCENARIO = scenario(0)
