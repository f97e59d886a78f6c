# sqtt-triage's planted memory problems (a make-trace.py scenario), each
# beside its clean twin, on eight waves (SE0, CU 0-7) of kernel "k", one
# execution per wave, every lane of 64 active, as a build with
# SQTT_TRACE_ADDRESSES=memory,lds records them (FORMATS: a header, EXEC,
# then each lane's address):
#   triage.hip:13  a load, lanes 4 bytes apart: 2 cache lines, ideal 2
#   triage.hip:14  a load with a 4096-byte lane stride: 64 lines, ideal 2:
#                  62 extra lines, at 2 cycles a line 124 cycles a wave
#   triage.hip:15  an LDS store, lane i in bank i: conflict-free
#   triage.hip:16  an LDS store, every lane in one bank (128-byte stride):
#                  each 32-lane set takes 32 passes, 31 extra: 62 a wave
import os
exec(open(os.path.join(os.path.dirname(__file__), "triage-scenario.py")).read())  # tree(), address_waves()
CO = """K:k
W:64
P:1:addr_trace_load@triage.hip:13
R:1:extra_payload_count=130;access_bytes=4;base=arg:0:in
P:2:addr_trace_load@triage.hip:14
R:2:extra_payload_count=130;access_bytes=4;base=arg:0:in
P:3:addr_trace_lds_store@triage.hip:15
R:3:extra_payload_count=66;access_bytes=4;base=lds:tile
P:4:addr_trace_lds_store@triage.hip:16
R:4:extra_payload_count=66;access_bytes=4;base=lds:tile
"""
WAVES = 8
LANES = 64
BASE = 0x7F0000000000


ALL = (1 << LANES) - 1


def blocks(wave):
    """(marker, lane addresses, words per lane, EXEC) of one wave's executions."""
    return [(1, [BASE + (wave * LANES + l) * 4 for l in range(LANES)], 2, ALL),
            (2, [BASE + (wave * LANES + l) * 4096 for l in range(LANES)], 2, ALL),
            (3, [l * 4 for l in range(LANES)], 1, ALL),
            (4, [256 + l * 128 for l in range(LANES)], 1, ALL)]


SCENARIO = tree(CO, *address_waves(WAVES, blocks))
