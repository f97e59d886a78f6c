#!/usr/bin/env python3
"""check-perturbation.py - do the markers leave the kernels alone (D38)?

  check-perturbation.py --hipcc CMD --hipcc-plain CMD --verify SQTT_VERIFY
                        --source FILE.hip [--cpus ...] [--opts ...]
                        [--config 'VAR=V VAR=V' ...] [--define NAME]

For every target x optimisation level x configuration, the source is built
plain (without the plugin and without SQTT_ENABLED, what the user ships) and
instrumented (with both, the configuration's SQTT_* variables set), and
`sqtt-verify --perturbation --json` compares them. One line per build: "ok:
N kernels" or each perturbed kernel with its findings; with --exit-waits, the
waits SQTT_WAIT_AT_EXIT added per build too. A total line; exit status 1
when a kernel is perturbed.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

CPUS = ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1201", "gfx1250"]


def compile_one(cmd, cpu, opt, source, out, env, extra):
    args = shlex.split(cmd) + [f"--offload-arch={cpu}", f"-{opt}", "-c", source, "-o", out] + extra
    r = subprocess.run(args, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"compile failed: {' '.join(args)}\n{r.stderr}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipcc", required=True)
    ap.add_argument("--hipcc-plain", required=True)
    ap.add_argument("--verify", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("--opts", default="O2,O3")
    ap.add_argument("--config", action="append", default=[])
    ap.add_argument("--define", action="append", default=[])
    ap.add_argument("--exit-waits", action="store_true")
    a = ap.parse_args()

    configs = a.config or [""]
    defines = [f"-D{d}" for d in a.define]
    builds = perturbed_builds = 0
    with tempfile.TemporaryDirectory() as tmp:
        for cpu in a.cpus.split(","):
            for opt in a.opts.split(","):
                for config in configs:
                    env = {k: v for k, v in os.environ.items() if not k.startswith("SQTT_")}
                    for kv in config.split():
                        k, v = kv.split("=", 1)
                        env[k] = v
                    plain = os.path.join(tmp, "plain.co")
                    inst = os.path.join(tmp, "inst.co")
                    compile_one(a.hipcc_plain, cpu, opt, a.source, plain, env, defines)
                    compile_one(a.hipcc, cpu, opt, a.source, inst, env, defines + ["-DSQTT_ENABLED=1"])
                    r = subprocess.run([a.verify, "--perturbation", "--json", plain, inst],
                                       capture_output=True, text=True)
                    if r.returncode not in (0, 1):
                        sys.exit(f"sqtt-verify failed ({r.returncode}): {r.stderr}")
                    doc = json.loads(r.stdout)
                    kernels = [k for c in doc["comparisons"] for k in c["kernels"]]
                    name = f"{cpu} -{opt}" + (f" {config}" if config else "")
                    bad = [k for k in kernels if k["perturbed"]]
                    builds += 1
                    if (r.returncode == 1) != bool(bad):
                        sys.exit(f"{name}: exit status {r.returncode} but {len(bad)} perturbed kernels")
                    waits = ""
                    if a.exit_waits:
                        n = sum(reg["exit_waits"] for k in kernels for reg in k["regions"][:1])
                        waits = f", exit waits {n}"
                    if not bad:
                        print(f"{name}: ok: {len(kernels)} kernels{waits}")
                        continue
                    perturbed_builds += 1
                    for k in bad:
                        for f in k["findings"]:
                            print(f"{name}: PERTURBED: {k['kernel']}: {f}")
    print(f"builds: {builds}, perturbed: {perturbed_builds}")
    return 1 if perturbed_builds else 0


if __name__ == "__main__":
    sys.exit(main())
