# sqtt-triage's planted problem "divergence" (a make-trace.py scenario), as
# a build with SQTT_TRACE_ADDRESSES=memory records it (FORMATS: a header,
# EXEC, then each lane's address), on eight waves (SE0, CU 0-7) of kernel
# "k", every access coalesced (lanes 4 bytes apart):
#   triage.hip:21  a load once a wave, all 64 lanes active: the kernel's
#                  widest
#   triage.hip:22  a load 4 times a wave with lanes 0-7 active: 8 of 64,
#                  a share of 0.125 -> divergence, a warning (under 0.25 and
#                  run at least 4 times a wave); no gain (what idle lanes
#                  could do is unknown)
#   triage.hip:23  a load 4 times a wave with lanes 0-39 active: 40 of 64,
#                  0.625 -> nothing
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())  # tree(), address_waves()
CO = """K:k
W:64
P:1:addr_trace_load@triage.hip:21
R:1:extra_payload_count=130;access_bytes=4;base=arg:0:in
P:2:addr_trace_load@triage.hip:22
R:2:extra_payload_count=130;access_bytes=4;base=arg:0:in
P:3:addr_trace_load@triage.hip:23
R:3:extra_payload_count=130;access_bytes=4;base=arg:0:in
"""
WAVES = 8
LANES = 64
BASE = 0x7F0000000000


def executions(wave):
    """(marker, lane addresses, words per lane, EXEC) of one wave's
    executions, in order; every lane's address is written, EXEC says which
    lanes ran."""
    addresses = [BASE + (wave * LANES + lane) * 4 for lane in range(LANES)]
    return [(marker, addresses, 2, (1 << active) - 1) for marker, active in [(1, LANES)] + [(2, 8), (3, 40)] * 4]


SCENARIO = tree(CO, *address_waves(WAVES, executions))
