#!/usr/bin/env python3
"""eval-scope-filter.py - which waves a compiled scope filter lets emit markers.

  eval-scope-filter.py --opt CMD --llc CMD INPUT.ll [--cpus gfx90a,...]

For every target, wave size and SQTT_SCOPE_* mask case below, INPUT.ll is
instrumented (opt -passes=sqtt-late) and compiled (llc); the kernels of the
assembly are then run by isa_walk for every value of every HW_ID field the
filter can read, each with random bits everywhere else in HW_ID / HW_ID1 /
HW_ID2, and for random whole registers. A wave must emit every marker of its
kernel exactly when, for each filtered dimension, bit <id> of the mask is set
(DECISIONS: a scope filter is judged by the ids it selects), and no others.

Prints one line per case, e.g.
  gfx1100 w32 CU=0x3: cu {0,1}: ok
and a final "cases: N, wrong: M"; exits 1 if any case is wrong.
"""

import argparse
import os
import random
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_walk  # noqa: E402

# The hardware id fields each dimension names (register, first bit, width).
GFX9 = {"WAVE": (4, 0, 4), "SIMD": (4, 4, 2), "CU": (4, 8, 4), "WG": (4, 16, 4)}
RDNA = {"WAVE": (23, 0, 5), "SIMD": (23, 8, 2), "CU": (23, 10, 4), "WG": (24, 16, 5)}

# Masks per case: contiguous low runs (powers of two and not), high runs,
# non-contiguous sets, none, a single high id, several dimensions at once.
CASES = [
    {"CU": 0x1}, {"CU": 0x3}, {"CU": 0x7}, {"CU": 0xF}, {"CU": 0x1F}, {"CU": 0xFF},
    {"CU": 0x5}, {"CU": 0x6}, {"CU": 0xF0}, {"CU": 0x8000}, {"CU": 0x0}, {"CU": 0x7FFF},
    {"SIMD": 0x1}, {"SIMD": 0x3}, {"SIMD": 0xA},
    {"WAVE": 0x1}, {"WAVE": 0xFFFF}, {"WAVE": 0x80000001},
    {"WG": 0x3}, {"WG": 0x7}, {"WG": 0x10000},
    {"CU": 0x3, "SIMD": 0x1}, {"CU": 0x5, "WAVE": 0x3, "WG": 0xF0F0},
]
CPUS = ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1201", "gfx1250"]
ALL_ONES = {"WAVE": 0xFFFFFFFF, "SIMD": 0xF, "CU": 0xFFFF, "WG": 0xFFFFFFFF}


def compile_case(args, cpu, wave, masks, src):
    env = dict(os.environ)
    for dim in ALL_ONES:
        env.pop("SQTT_SCOPE_" + dim, None)
    env["SQTT_SCOPE_CU"] = "-1"  # the default (0x3) is a case of its own
    for dim, mask in masks.items():
        env["SQTT_SCOPE_" + dim] = hex(mask)
    attr = f"-mattr=+wavefrontsize{wave}"
    opt = shlex.split(args.opt) + [f"-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", attr,
                                   "-passes=sqtt-late", src, "-o", "-"]
    llc = shlex.split(args.llc) + ["-mtriple=amdgcn-amd-amdhsa", f"-mcpu={cpu}", attr,
                                   "-verify-machineinstrs", "-o", "-"]
    ir = subprocess.run(opt, env=env, capture_output=True, check=True).stdout
    asm = subprocess.run(llc, input=ir, capture_output=True, check=True).stdout
    return asm.decode()


def emitted(fn, wave, hw):
    """The marker values one wave emits on each path (a set of tuples)."""
    def visit(inst, st, ctx):
        v = isa_walk.trace_value(inst, st)
        if inst.mnemonic in ("s_ttracedata", "s_ttracedata_imm"):
            return ctx + (v,)
        return ctx
    return set(isa_walk.walk(fn, wave, hw, visit))


def selected(fields, masks, hw):
    for dim, mask in masks.items():
        reg, off, bits = fields[dim]
        ident = (hw[reg] >> off) & ((1 << bits) - 1)
        if ident >= 32 or not (mask >> ident) & 1:
            return False
    return True


def hw_inputs(fields, masks, rng):
    """Every value of every filtered field, other bits random; and random registers."""
    regs = sorted({f[0] for f in fields.values()})
    def rand():
        return {r: rng.getrandbits(32) for r in regs}
    out = []
    for dim in masks:
        reg, off, bits = fields[dim]
        for ident in range(1 << bits):
            for _ in range(4):
                hw = rand()
                hw[reg] = (hw[reg] & ~(((1 << bits) - 1) << off)) | (ident << off)
                out.append(hw)
    out += [rand() for _ in range(64)]
    return out


def run_case(args, cpu, wave, masks, src):
    fields = GFX9 if cpu.startswith("gfx9") else RDNA
    asm = compile_case(args, cpu, wave, masks, src)
    functions, _ = isa_walk.parse(asm)
    rng = random.Random(hash((cpu, wave, tuple(sorted(masks.items())))) & 0xFFFF)
    kernels = [f for f in functions.values() if any(
        i.mnemonic.startswith("s_ttracedata") for i in f.insts)]
    if not kernels:
        return "no markers in the compiled output", False
    wrong = []
    for fn in kernels:
        all_markers = None
        for hw in hw_inputs(fields, masks, rng):
            paths = emitted(fn, wave, hw)
            if len(paths) != 1:
                wrong.append(f"{fn.name}: paths disagree for {hw}: {paths}")
                continue
            (seq,) = paths
            want = selected(fields, masks, hw)
            if want:
                if all_markers is None:
                    all_markers = seq
                if not seq or seq != all_markers:
                    wrong.append(f"{fn.name}: in scope but emitted {seq} (hw {hw})")
            elif seq:
                wrong.append(f"{fn.name}: out of scope but emitted {seq} (hw {hw})")
    # The ids the first filtered dimension selects, as the hardware would.
    parts = []
    for dim, mask in masks.items():
        bits = fields[dim][2]
        ids = [i for i in range(min(1 << bits, 32)) if (mask >> i) & 1]
        parts.append(f"{dim.lower()} {{{','.join(map(str, ids))}}}")
    label = "; ".join(parts)
    if wrong:
        return f"{label}: WRONG: " + "; ".join(wrong[:3]), False
    return f"{label}: ok", True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--opt", required=True)
    ap.add_argument("--llc", required=True)
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("input")
    args = ap.parse_args()
    jobs = []
    for cpu in args.cpus.split(","):
        # gfx9 runs wave64 only, gfx1250 wave32 only.
        waves = [64] if cpu.startswith("gfx9") else [32] if cpu == "gfx1250" else [32, 64]
        for wave in waves:
            for masks in CASES:
                jobs.append((cpu, wave, masks))

    def line(job, text, ok):
        cpu, wave, masks = job
        spec = " ".join(f"{d}={hex(m)}" for d, m in masks.items())
        return f"{cpu} w{wave} {spec}: {text}"

    return isa_walk.report(jobs, lambda cpu, wave, masks: run_case(args, cpu, wave, masks, args.input),
                           "cases", "wrong", line)


if __name__ == "__main__":
    sys.exit(main())
