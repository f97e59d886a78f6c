#!/usr/bin/env python3
"""verify-mask-shapes.py - sqtt-verify on the plugin's code objects, for every
scope-mask shape on one target of each family and wave size, the core shapes
on every other target (generic ones too) and every wave size it builds.

  verify-mask-shapes.py --hipcc CMD --verify PATH --source KERNEL.hip WORKDIR

For each case, SOURCE is built with the plugin and the case's SQTT_SCOPE_*
masks, and sqtt-verify --json must
  - find nothing;
  - walk every id of each dimension the mask filters on that target, and
    count as selected exactly the ids whose mask bit is set (a mask that sets
    every id the field can hold is no filter, so that dimension is not
    walked: nothing to tell apart);
then the code object's .sqtt_config is rewritten to claim the mask with id 0
flipped in one dimension, and sqtt-verify must report wrong-waves: the
verifier checks the code against the configuration, not against itself.

The field widths below are written here on purpose, apart from the project's
hardware_ids.hpp: this is the oracle the implementation is compared with.
Prints one line per case and a final "cases: N, wrong: M"; exit 1 if wrong.
"""

import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys

# Bits of the HW_ID field each dimension reads (PASS-BEHAVIOR's table).
GFX9_WIDTH = {"WAVE": 4, "SIMD": 2, "CU": 4, "WG": 4}
RDNA_WIDTH = {"WAVE": 5, "SIMD": 2, "CU": 4, "WG": 5}
CONFIG_KEY = {"WAVE": "scope_wave", "SIMD": "scope_simd", "CU": "scope_cu", "WG": "scope_wg"}

# Contiguous low runs (powers of two and not), high runs, non-contiguous
# sets, none, a single high id, several dimensions at once, and masks that
# set every id of a field on one generation but not the other.
CASES = [
    {"CU": 0x1}, {"CU": 0x3}, {"CU": 0x7}, {"CU": 0xF}, {"CU": 0x1F}, {"CU": 0xFF},
    {"CU": 0x5}, {"CU": 0x6}, {"CU": 0xF0}, {"CU": 0x8000}, {"CU": 0x0}, {"CU": 0x7FFF},
    {"CU": 0xFFFF}, {"CU": 0xFFFFFFFF},
    {"SIMD": 0x1}, {"SIMD": 0x3}, {"SIMD": 0xA}, {"SIMD": 0xF},
    {"WAVE": 0x1}, {"WAVE": 0xF}, {"WAVE": 0xFF}, {"WAVE": 0xFFFF}, {"WAVE": 0x80000001},
    {"WG": 0x3}, {"WG": 0x7}, {"WG": 0xFFFF}, {"WG": 0x10000},
    {"CU": 0x3, "SIMD": 0x1}, {"CU": 0x5, "WAVE": 0x3, "WG": 0xF0F0},
    {"CU": 0xF, "SIMD": 0x3, "WAVE": 0xFF},
]
# Every shape above on one target of each family and wave size; these on the
# others (a case costs a compile and two verifications).
# The core keeps one shape of each kind the generations read differently:
# the default CU mask, no id, a high id, a mask that sets every id on gfx9
# but not on RDNA (WG 0xFFFF), and several dimensions at once.
CORE_CASES = [
    {"CU": 0x3}, {"CU": 0x0}, {"SIMD": 0x3}, {"WAVE": 0x80000001}, {"WG": 0xFFFF},
    {"CU": 0x5, "WAVE": 0x3, "WG": 0xF0F0}, {"CU": 0xF, "SIMD": 0x3, "WAVE": 0xFF},
]
EVERY_SHAPE_ON = {("gfx942", 64), ("gfx1100", 32), ("gfx1201", 64)}
TARGETS = ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1201", "gfx1250",
           "gfx9-generic", "gfx9-4-generic", "gfx10-1-generic", "gfx10-3-generic",
           "gfx11-generic", "gfx12-generic"]


def widths(target):
    return GFX9_WIDTH if target.startswith("gfx9") else RDNA_WIDTH


def field_ids(width):
    return min(1 << width, 32)


def filters(mask, width):
    all_ids = (1 << field_ids(width)) - 1
    return (mask & all_ids) != all_ids


def wave_flags(target, wave):
    """The flags that build TARGET for WAVE lanes; gfx9 runs only wave64. A
    generic target needs code object v6 (LLVM 19 does not default to it)."""
    flags = ["-mcode-object-version=6"] if target.endswith("-generic") else []
    return flags + (["-mwavefrontsize64"] if wave == 64 and not target.startswith("gfx9") else [])


def expected_filters(target, masks):
    out = {}
    for dim, mask in masks.items():
        width = widths(target)[dim]
        if filters(mask, width):
            ids = set(range(field_ids(width)))
            out[dim.lower()] = (ids, {i for i in ids if (mask >> i) & 1})
    return out


def run(cmd, env=None):
    return subprocess.run(cmd, env=env, capture_output=True, text=True)


def build(args, target, wave, masks, out):
    env = dict(os.environ)
    for dim in CONFIG_KEY:
        env.pop("SQTT_SCOPE_" + dim, None)
    env["SQTT_SCOPE_CU"] = "-1"  # the default (0x3) is a case of its own
    for dim, mask in masks.items():
        env["SQTT_SCOPE_" + dim] = hex(mask)
    cmd = shlex.split(args.hipcc) + [f"--offload-arch={target}", "-O2", "-DSQTT_ENABLED=1", "-c",
                                     args.source, "-o", out]
    cmd += wave_flags(target, wave)
    r = run(cmd, env)
    if r.returncode:
        raise RuntimeError(f"build failed: {r.stderr.strip()[:400]}")


def verify(args, co):
    r = run([args.verify, "--json", co])
    if r.returncode not in (0, 1):
        raise RuntimeError(f"sqtt-verify exited {r.returncode}: {r.stderr.strip()[:400]}")
    return json.loads(r.stdout)["code_objects"][0]


def claim_other_mask(co, masks, target, out):
    """A copy of CO whose .sqtt_config claims id 0 flipped in one dimension."""
    text_file = out + ".config"
    r = run(["llvm-objcopy", f"--dump-section=.sqtt_config={text_file}", co, out + ".tmp"])
    if r.returncode:
        raise RuntimeError("llvm-objcopy --dump-section: " + r.stderr.strip())
    with open(text_file, "rb") as f:
        text = f.read().decode()
    dim = next(iter(masks)) if masks else "CU"
    key = CONFIG_KEY[dim]
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(key + "="):
            value = int(line.split("=", 1)[1], 0)
            claimed = hex(value ^ 1)
            assert len(claimed) == len(line.split("=", 1)[1]), "the rewrite keeps the section's size"
            lines[i] = f"{key}={claimed}"
            break
    else:
        raise RuntimeError(f"no {key} line in .sqtt_config")
    with open(text_file, "wb") as f:
        f.write("\n".join(lines).encode())
    r = run(["llvm-objcopy", f"--update-section=.sqtt_config={text_file}", co, out])
    if r.returncode:
        raise RuntimeError("llvm-objcopy --update-section: " + r.stderr.strip())
    return f"{dim}={claimed}"


def check(args, target, wave, masks):
    tag = "_".join(f"{d}{m:x}" for d, m in masks.items())
    co = os.path.join(args.work, f"{target}-w{wave}-{tag}.co")
    build(args, target, wave, masks, co)
    report = verify(args, co)
    problems = [f"{f['kind']} in {f['function']}: {f['message']}" for f in report["findings"]]
    walked = {f["dimension"]: (set(f["walked"]), set(f["selected"])) for f in report["scope_filters"]}
    want = expected_filters(target, masks)
    if walked != want:
        problems.append(f"walked {sorted((d, sorted(s)) for d, (w, s) in walked.items())}, "
                        f"want {sorted((d, sorted(s)) for d, (w, s) in want.items())}")
    for dim, (ids, selected) in walked.items():
        if not ids - selected:
            problems.append(f"{dim}: the walk covers no id the mask excludes")
    lie = co.replace(".co", "-claims-other.co")
    claim = claim_other_mask(co, masks, target, lie)
    lied = verify(args, lie)
    if not any(f["kind"] == "wrong-waves" for f in lied["findings"]):
        problems.append(f"a .sqtt_config claiming {claim} gets no wrong-waves finding")
    summary = "; ".join(f"{d} {sorted(s)}" for d, (w, s) in sorted(walked.items())) or "no filter"
    return problems, summary


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--hipcc", required=True)
    p.add_argument("--verify", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--targets", default=",".join(TARGETS))
    p.add_argument("--core-only", action="store_true",
                   help="the core shapes on every target (the second LLVM line: the shapes' logic is the "
                        "same source, its codegen is what differs)")
    p.add_argument("work")
    args = p.parse_args()
    os.makedirs(args.work, exist_ok=True)
    supported = []
    jobs = []
    probe = os.path.join(args.work, "probe.hip")
    with open(probe, "w") as f:
        f.write('#include "hip_minimal.h"\nextern "C" __global__ void k() {}\n')
    for t in args.targets.split(","):
        waves = []
        for w in (64,) if t.startswith("gfx9") else (32, 64):
            r = run(shlex.split(args.hipcc) + [f"--offload-arch={t}", "-c", probe, "-o", probe + ".o"]
                    + wave_flags(t, w))
            if r.returncode == 0:
                waves.append(w)
        if not waves:
            print(f"skipped {t}: not a target of this compiler")
            continue
        supported.append(t)
        for w in waves:
            every = (t, w) in EVERY_SHAPE_ON and not args.core_only
            jobs += [(t, w, m) for m in (CASES if every else CORE_CASES)]
    wrong = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        futures = [pool.submit(check, args, *job) for job in jobs]
        for (t, w, m), fut in zip(jobs, futures):
            spec = " ".join(f"{d}={hex(v)}" for d, v in m.items())
            try:
                problems, summary = fut.result()
            except RuntimeError as e:
                problems, summary = [str(e)], ""
            if problems:
                wrong += 1
                print(f"{t} w{w} {spec}: WRONG: " + " | ".join(problems))
            else:
                print(f"{t} w{w} {spec}: {summary}: ok")
    print(f"targets: {len(supported)}, cases: {len(jobs)}, wrong: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
