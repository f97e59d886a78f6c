#!/usr/bin/env python3
"""check-containment.py - does each scope contain its work in the final ISA?

  check-containment.py --hipcc CMD --source FILE.hip [--cpus ...] [--opts ...]
                       [--config 'VAR=V VAR=V' ...] [--wait-at-exit]

The source names the work each kernel's scopes must contain, one line each:
  // CONTAIN: <kernel> <scope> <regex of an instruction>
For every target x optimisation level x configuration, the source is compiled
to assembly with the plugin and every kernel is walked by isa_walk on every
path (vector branches both ways; the scope filter's test evaluated for a wave
it selects, so the markers are emitted). Each time an instruction matching a
CONTAIN regex is reached, the named scope must be open (its enter emitted and
its exit not yet); every regex must match at least once; no exit may pop an
empty stack and nothing may be open at s_endpgm. With --wait-at-exit every
exit marker must also find no memory operation outstanding (every counter of
the target waited to zero after the last load, store, LDS, scalar-memory or
export instruction on every path).

Prints one line per build and a total; exits 1 on any finding.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import isa_walk  # noqa: E402

CPUS = ["gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200", "gfx1201", "gfx1250"]


def rules_of(source):
    rules = []
    for line in open(source):
        m = re.search(r"//\s*CONTAIN:\s*(\S+)\s+(\S+)\s+(.+?)\s*$", line)
        if m:
            rules.append((m.group(1), m.group(2), re.compile(m.group(3))))
    return rules


# Counters a memory instruction leaves outstanding, by mnemonic prefix. Only
# whether anything is outstanding matters: a wait to zero clears it.
def memory_counters(mn):
    if mn.startswith(("global_", "buffer_", "scratch_", "flat_", "image_", "tbuffer_")):
        return {"vm"} | ({"lgkm"} if mn.startswith("flat_") else set())
    if mn.startswith("ds_"):
        return {"lgkm"}
    if mn.startswith(("s_load", "s_buffer_load", "s_scratch_load", "s_store",
                      "s_buffer_store", "s_dcache", "s_atc", "s_scratch_store")):
        return {"smem"}
    if mn.startswith("exp"):
        return {"exp"}
    return set()


def waits_cleared(inst):
    """Counters an s_waitcnt / s_wait_* sets to zero."""
    mn, text = inst.mnemonic, inst.text
    cleared = set()
    if mn == "s_waitcnt":
        if re.search(r"vmcnt\(0\)", text):
            cleared.add("vm")
        if re.search(r"lgkmcnt\(0\)", text):
            cleared |= {"lgkm", "smem"}
        if re.search(r"expcnt\(0\)", text):
            cleared.add("exp")
        if re.fullmatch(r"s_waitcnt\s+0(x0)?", text):
            cleared |= {"vm", "lgkm", "smem", "exp"}
    elif mn == "s_waitcnt_vscnt" and inst.ops and isa_walk.constant(inst.ops[-1]) == 0:
        cleared.add("vs")
    elif mn.startswith("s_wait_") and inst.ops and isa_walk.constant(inst.ops[0]) == 0:
        kind = mn[len("s_wait_"):]
        for part in kind.split("_"):
            cleared |= {"loadcnt": {"vm"}, "storecnt": {"vs"}, "samplecnt": {"vm"},
                        "bvhcnt": {"vm"}, "kmcnt": {"smem"}, "dscnt": {"lgkm"},
                        "expcnt": {"exp"}}.get(part, set())
    return cleared


def is_store(mn):
    return bool(re.match(r"(global|buffer|scratch|flat)_(store|atomic)", mn))


def is_marker_branch(fn, inst):
    """Does a branch decide whether a marker header is emitted (a scope
    test), rather than data (a lane loop, the user's code)? It skips a trace
    asm of its own (.Lsqtt_skip), or it skips a diamond: the code it falls
    into holds a header (s_ttracedata_imm, or s_ttracedata with m0 set from
    a constant) and rejoins the branch target."""
    if inst.ops[0].startswith(".Lsqtt_skip"):
        return True
    here = fn.insts.index(inst)
    target = fn.target(inst.ops[0])
    header = m0_constant = False
    for i in range(here + 1, min(len(fn.insts), here + 40)):
        if i == target:
            return header
        ins = fn.insts[i]
        if ins.mnemonic == "s_ttracedata_imm":
            header = True
        if ins.mnemonic in ("s_mov_b32", "s_movk_i32") and ins.ops[0] == "m0":
            m0_constant = isa_walk.constant(ins.ops[1]) is not None
        if ins.mnemonic == "s_ttracedata" and m0_constant:
            header = True
        if ins.mnemonic == "s_branch":
            return header and fn.target(ins.ops[0]) == target
        if ins.mnemonic in isa_walk.BRANCHES or ins.mnemonic in isa_walk.ENDS:
            return False
    return False


class Finding(Exception):
    pass


def check_kernel(fn, wave, names, payloads, rules, wait_at_exit, vscnt):
    """Walks fn; returns (paths, work hits) or raises Finding."""
    ids = {}
    for kernel, scope, rx in rules:
        if scope not in names:
            raise Finding(f"{fn.name}: scope '{scope}' is not in the funcmap")
        ids[scope] = names[scope]
    hits = {i: 0 for i, r in enumerate(rules)}

    # ctx: (stack of open ids, payload records still to skip, outstanding
    # counters, guessed): a path is guessed once it took a branch on a scalar
    # condition the walker could not compute (at -O0 the scope test may travel
    # through vector registers); its balance is not judged, its work is.
    def visit(inst, st, ctx):
        stack, skip, pending, guessed = ctx
        mn = inst.mnemonic
        if mn in ("s_ttracedata", "s_ttracedata_imm"):
            v = isa_walk.trace_value(inst, st)
            if skip:
                return (stack, skip - 1, pending, guessed)
            if v is None:
                return ctx  # a lane's payload of an address block
            ident = v >> 2
            if v & 1:
                if wait_at_exit and pending:
                    raise Finding(f"{fn.name}: exit marker (line {inst.line}) with "
                                  f"{'/'.join(sorted(pending))} outstanding")
                if not stack:
                    if guessed:
                        return ctx
                    raise Finding(f"{fn.name}: exit with no scope open (line {inst.line})")
                stack = stack[:-1]
            if v & 2:
                stack = stack + (ident,)
            return (stack, payloads.get(ident, 0), pending, guessed)
        for i, (kernel, scope, rx) in enumerate(rules):
            if kernel in fn.name and rx.search(inst.text):
                hits[i] += 1
                if ids[scope] not in stack and not guessed:
                    raise Finding(f"{fn.name}: '{inst.text}' (line {inst.line}) lies outside "
                                  f"scope '{scope}' on some path")
        if wait_at_exit:
            cleared = waits_cleared(inst)
            added = memory_counters(mn)
            if vscnt and is_store(mn):
                added = (added - {"vm"}) | {"vs"}
            if cleared or added:
                pending = frozenset((set(pending) - cleared) | added)
        return (stack, skip, pending, guessed)

    def on_fork(inst, ctx):
        if is_marker_branch(fn, inst):
            return ctx[:3] + (True,)
        return ctx

    hw = {4: 0, 23: 0, 24: 0}  # ids 0: in scope for every default mask
    ends = isa_walk.walk(fn, wave, hw, visit, ctx=((), 0, frozenset(), False), on_fork=on_fork)
    for stack, _, _, guessed in ends:
        if stack and not guessed:
            raise Finding(f"{fn.name}: scope {stack[-1]} still open at the end")
    for i, n in hits.items():
        kernel, scope, rx = rules[i]
        if kernel in fn.name and n == 0:
            raise Finding(f"{fn.name}: no instruction matches '{rx.pattern}' (scope '{scope}')")
    return len(ends), sum(1 for e in ends if e[3]), sum(
        n for i, n in hits.items() if rules[i][0] in fn.name)


def run_build(args, cpu, opt, config, rules):
    env = dict(os.environ)
    for kv in config.split():
        k, v = kv.split("=", 1)
        env[k] = v
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "k.s")
        cmd = shlex.split(args.hipcc) + [f"--offload-arch={cpu}", f"-{opt}", "-DSQTT_ENABLED=1",
                                         "-S", args.source, "-o", out]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if r.returncode:
            return f"compile failed: {r.stderr.strip()[:500]}", False
        asm = open(out).read()
    return check_asm(asm, cpu, rules, args.wait_at_exit)


def check_asm(asm, cpu, rules, wait_at_exit):
    """Checks the kernels the rules name, or without rules every function
    with markers (balance, and the waits with wait_at_exit)."""
    functions, rows = isa_walk.parse(asm)
    names, by_id, payloads = isa_walk.funcmap_ids(rows)
    # An address block's header is followed by its EXEC words (two, the high
    # one zero on wave32), counted; the lanes' addresses, read from VGPRs, are
    # unknown values and skipped as payload (a walk that widens the lane loop
    # cannot count them).
    for ident, name in by_id.items():
        if name.startswith("addr_trace_"):
            payloads[ident] = 2
    wave = 64 if cpu.startswith("gfx9") else 32
    vscnt = not cpu.startswith("gfx9")  # gfx10+ count stores apart
    if rules:
        kernels = sorted({r[0] for r in rules})
        targets = {}
        for kernel in kernels:
            targets[kernel] = [f for f in functions.values() if kernel in f.name]
    else:
        kernels = sorted(n for n, f in functions.items()
                         if any(i.mnemonic.startswith("s_ttracedata") for i in f.insts))
        targets = {n: [functions[n]] for n in kernels}
    paths = guessed = work = 0
    findings = []
    for kernel in kernels:
        fns = targets[kernel]
        if len(fns) != 1:
            findings.append(f"kernel {kernel}: {len(fns)} functions match")
            continue
        try:
            p, g, w = check_kernel(fns[0], wave, names, payloads, [r for r in rules if r[0] == kernel],
                                   wait_at_exit, vscnt)
            paths += p
            guessed += g
            work += w
        except Finding as f:
            findings.append(str(f))
        except RuntimeError as e:
            findings.append(f"{kernel}: {e}")
    if findings:
        return "; ".join(findings), False
    note = f" ({guessed} through scalar branches the walker could not compute)" if guessed else ""
    what = "kernels" if rules else "functions with markers"
    return (f"{len(kernels)} {what}, {paths} paths{note}, {work} work instructions inside "
            f"their scopes"), True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--hipcc")
    ap.add_argument("--source")
    ap.add_argument("--asm", nargs="*", default=[],
                    help="check these assembly files (of --cpus' one target) instead of compiling")
    ap.add_argument("--cpus", default=",".join(CPUS))
    ap.add_argument("--opts", default="O0,O1,O2,O3")
    ap.add_argument("--config", action="append", default=None,
                    help="space-separated VAR=VALUE settings of one build (repeatable)")
    ap.add_argument("--wait-at-exit", action="store_true")
    args = ap.parse_args()
    if args.asm:
        cpu = args.cpus.split(",")[0]
        jobs = [(path,) for path in args.asm]
        return isa_walk.report(jobs, lambda path: check_asm(open(path).read(), cpu, [],
                                                             args.wait_at_exit), "files")
    if not args.hipcc or not args.source:
        ap.error("--hipcc and --source, or --asm")
    rules = rules_of(args.source)
    if not rules:
        print("no CONTAIN rules in the source")
        return 2
    configs = args.config or ["SQTT_SCOPE_CU=0x3"]
    jobs = [(cpu, f"-{opt}", config) for cpu in args.cpus.split(",")
            for opt in args.opts.split(",") for config in configs]
    return isa_walk.report(jobs, lambda cpu, opt, config: run_build(args, cpu, opt[1:], config,
                                                                     rules), "builds")


if __name__ == "__main__":
    sys.exit(main())
