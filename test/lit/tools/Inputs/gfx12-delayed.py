# A gfx12 trace with clock-packed headers arriving after random delays.
# TRUTH holds every header's issue time and the true self cycles per stack.
import random

rng = random.Random(1201)
BITS, SHIFT = 12, 4
CO = "M:shader_clock_bits=12;shader_clock_shift=4\nK:k\nF:1:_Z5outerv\nU:2:inner\n"
PATTERN = [(1, "enter"), (2, "enter"), (0, "exit"), (0, "exit")]  # outer { inner { } }

records = {"0": []}
truth_times = {}  # (simd, wave, index) -> issue time
folded = {}
occupancy = []
for simd in range(2):
    phase = rng.randrange(1 << 20)  # the SIMD's unknown clock phase
    first = True
    for wave in range(4):
        occupancy.append([0, 0, simd, wave, 1, 1])
        t = 100 + 13 * wave + 5 * simd
        stack = []
        for i in range(40):
            marker_id, kind = PATTERN[i % 4]
            legacy = (marker_id << 2) | 2 if kind == "enter" else 1
            field = ((t + phase) >> SHIFT) & ((1 << BITS) - 1)
            packed = (field << (32 - BITS)) | legacy
            delay = 0 if first else rng.randrange(0, 400)
            first = False
            records["0"].append([t + delay, packed, 0, simd, wave, 0])
            truth_times[(simd, wave, i)] = t
            gap = rng.randrange(60, 6000)  # ~120k cycles per wave: the 64k window wraps
            if kind == "enter":
                stack.append("_Z5outerv" if marker_id == 1 else "inner")
            else:
                stack.pop()
            if stack:
                key = "code_object_1 (gfx942);k;" + ";".join(stack)
                folded[key] = folded.get(key, 0) + gap
            t += gap
records["0"].sort(key=lambda r: r[0])  # shaderdata is in arrival order

SCENARIO = {
    "code_objects": {"1": CO},
    "dirs": {"ui_gfx12": {"occupancy": {"0": occupancy, "dispatches": {"1": "k"}},
                          "shaderdata": records}},
}
TRUTH = {"times": truth_times, "folded": folded}
