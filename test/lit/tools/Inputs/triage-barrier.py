# sqtt-triage's planted barrier wait, without markers (a make-trace.py
# scenario; the waves and code rows of triage-hidden-common.py): two waves of
# kernel "k" on SIMDs 0 and 1 of CU 0; wave A reaches s_barrier at k.hip:40
# and stalls there 600 cycles while wave B, on the other SIMD, finishes the
# work before it. Nothing of A's SIMD hides the stall: a barrier-wait at
# k.hip:40, 600 cycles over the two waves, 300 a wave.
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-hidden-common.py")).read())
CODE = CODE + [["s_barrier", "k.hip:40", 0x1024]]
A = [[110, 3, 0, 8, 1], [118, 9, 0, 4, 3], [122, 9, 600, 604, 6], [726, 9, 0, 4, 5]]
B = [[110, 3, 0, 8, 1]] + [[118 + 8 * i, 6, 0, 8, 2] for i in range(75)] + [[718, 9, 0, 4, 6], [722, 9, 0, 4, 5]]
SCENARIO = scenario(1)
