# Hand-made captures for sqtt-triage whose truth is known by construction
# (make-trace.py scenarios). One dispatch of kernel "k" (code object 1) on
# ten waves (SE0, CU 0-9, SIMD 0, slot 0), launched at 0 (unless a scenario
# says otherwise): scope "setup"
# for 200 cycles from 100, then scope "work" for WORK[i] cycles, then 100
# cycles more before the wave ends.
#
# make-trace.py runs a scenario file with its own __file__; the scenario
# files (triage-*.py) set WORK and exec this one.
#   clean:     WORK = 1000 + 10 i                -> nothing above info
#   straggler: the same, wave 9 does 20000        -> straggler-waves, gain
#              = its end (20400) less the others' last end (100 + 200 +
#              1080 + 100 = 1480, which its median time would not pass):
#              18920 cycles
#   tail, occupancy: uniform waves launched late (triage-tail.py,
#              triage-occupancy.py say how)
#   slow:      WORK = 2 (1000 + 10 i)             -> against clean, a
#              regression of k;work with ratio 2 and a gain of the mean
#              added cycles per wave, 1045 (triage-slow-rebuilt.py: the
#              same from code object 2, as another build's capture numbers
#              it: paired all the same, by kernel and scope path)
CO = """K:k
U:1:setup
U:2:work
"""

ENTER = lambda marker: (marker << 2) | 2
EXIT = 1


def scenario(work, co_id=1, launches=None):
    """Wave i does work[i] cycles of "work", launched at launches[i] (0)."""
    occupancy, records = [], []
    for cu, cycles in enumerate(work):
        t = launches[cu] if launches else 0
        end = t + 100 + 200 + cycles + 100
        occupancy += [[t, cu, 0, 0, 1, 1], [end, cu, 0, 0, 0, 1]]
        records += [[t + 100, ENTER(1), cu, 0, 0, 0], [t + 300, EXIT, cu, 0, 0, 0],
                    [t + 300, ENTER(2), cu, 0, 0, 0], [t + 300 + cycles, EXIT, cu, 0, 0, 0]]
    return tree(CO, occupancy, records, co_id)


def address_waves(waves, executions):
    """One dispatch's waves (SE0, CU 0..waves-1) recording address traces as a
    build with SQTT_TRACE_ADDRESSES does (FORMATS: a header, EXEC's two
    words, then each of the 64 lanes' address in 1 or 2 words), a record a
    cycle, 50 cycles between executions. executions(wave) gives each
    execution's (marker, lane addresses, words per lane, EXEC).
    Returns (occupancy, records)."""
    occupancy, records = [], []
    for cu in range(waves):
        t = 100
        for marker, addresses, words, exec_mask in executions(cu):
            values = [marker << 2, exec_mask & 0xFFFFFFFF, exec_mask >> 32]
            for a in addresses:
                values += [a & 0xFFFFFFFF, a >> 32] if words == 2 else [a]
            for v in values:
                records.append([t, v, cu, 0, 0, 0])
                t += 1
            t += 50
        occupancy += [[0, cu, 0, 0, 1, 1], [t + 100, cu, 0, 0, 0, 1]]
    return occupancy, records


def tree(funcmap, occupancy, records, co_id=1):
    """One dispatch of "k" (code object co_id with funcmap) on SE 0."""
    occupancy.sort(key=lambda r: r[0])
    records.sort(key=lambda r: r[0])
    return {
        "code_objects": {str(co_id): funcmap},
        "dirs": {
            "ui_output_agent_1_dispatch_1": {
                "occupancy": {"0": occupancy, "dispatches": {"0": "0 / 0x0", "1": "k"}},
                "shaderdata": {"0": records},
                "label": ["k", co_id, 0x1000],
            },
        },
    }
