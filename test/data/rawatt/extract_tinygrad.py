#!/usr/bin/env python3
"""extract_tinygrad.py - real hardware thread-trace buffers from tinygrad's
public captures, laid out as rocprofv3 --att writes them.

tinygrad (github.com/tinygrad/tinygrad, MIT licence) keeps captures of a few
kernels on real GPUs in extra/sqtt/examples/<arch>/profile_<name>_run_<i>.pkl:
pickled lists of its profile events. Each ProfileSQTTEvent holds one shader
engine's raw SQTT buffer (`blob`, read from the hardware up to its write
pointer; gfx9 buffers start with tinygrad's own 8-byte header), and each
ProfileProgramEvent the kernel's code object (`lib`) and load address (`base`).

This script reads the pickles WITHOUT importing or running tinygrad: every
class they name is replaced by an inert stand-in that only stores its state,
and anything that is not plain data is refused. For each case it writes

  <out>/<case>/host/1000_1_shader_engine_<se>_<dispatch>.att   the raw bytes, unchanged
  <out>/<case>/host/1000_<arch>_code_object_id_1.out           the kernel's code object
  <out>/<case>/SOURCE.txt                                      where it came from

Rerun: python3 extract_tinygrad.py TINYGRAD_GIT_DIR OUT_DIR (a bare clone of
tinygrad at the commit named in README.md; the files are read with
`git show`, so no work tree is needed).
"""
import hashlib
import io
import os
import pickle
import subprocess
import sys

# (case, arch, pickle, dispatch number in the file names)
CASES = [
    ("gfx950-gemm", "gfx950", "extra/sqtt/examples/gfx950/profile_gemm_run_0.pkl", 2),
    ("gfx1100-plus", "gfx1100", "extra/sqtt/examples/gfx1100/profile_plus_run_0.pkl", 1),
    ("gfx1200-plus", "gfx1200", "extra/sqtt/examples/gfx1200/profile_plus_run_0.pkl", 1),
    ("gfx1100-gemm", "gfx1100", "extra/sqtt/examples/gfx1100/profile_gemm_run_0.pkl", 2),
    ("gfx1200-gemm", "gfx1200", "extra/sqtt/examples/gfx1200/profile_gemm_run_0.pkl", 2),
]
PID, AGENT, CODE_OBJECT_ID = 1000, 1, 1


class StandIn:
    """Any class of the pickle: keeps what it was given, does nothing."""

    def __init__(self, *args, **kwargs):
        self._args, self._kwargs = args, kwargs

    def __setstate__(self, state):
        self._state = state

    def field(self, name):
        state = getattr(self, "_state", None)
        if isinstance(state, dict):
            return state.get(name)
        if isinstance(state, tuple) and len(state) == 2 and isinstance(state[1], dict):
            return state[1].get(name)  # (dict, slots)
        return getattr(self, "_kwargs", {}).get(name)


_PLAIN = {"bytes", "bytearray", "set", "frozenset", "dict", "list", "tuple", "int", "str", "float", "bool",
          "complex"}
_standins = {}


class SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if module == "builtins" and name in _PLAIN:
            import builtins
            return getattr(builtins, name)
        if module.startswith("tinygrad.") or module == "decimal":
            return _standins.setdefault((module, name), type(name, (StandIn,), {}))
        raise pickle.UnpicklingError(f"refused to load {module}.{name}")


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"], check=True,
                          capture_output=True).stdout


def main():
    git_dir, out = sys.argv[1], sys.argv[2]
    commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], check=True, capture_output=True,
                            text=True).stdout.strip()
    for case, arch, path, dispatch in CASES:
        events = SafeUnpickler(io.BytesIO(git_show(git_dir, path))).load()
        sqtt = [e for e in events if type(e).__name__ == "ProfileSQTTEvent"]
        programs = [e for e in events if type(e).__name__ == "ProfileProgramEvent"]
        # The first traced dispatch (exec_tag) of the first traced kernel.
        first = sqtt[0]
        kern, tag = first.field("kern"), first.field("exec_tag")
        buffers = sorted((e for e in sqtt if e.field("kern") == kern and e.field("exec_tag") == tag),
                         key=lambda e: e.field("se"))
        program = next(p for p in programs if p.field("tag") == kern)
        host = os.path.join(out, case, "host")
        os.makedirs(host, exist_ok=True)
        lines = [f"tinygrad/tinygrad @ {commit} (MIT licence)", f"pickle: {path}",
                 f"kernel: {program.field('name')} (program tag {kern}, dispatch exec_tag {tag})",
                 f"device: {first.field('device')}; code object loaded at {program.field('base'):#x}",
                 f"written as dispatch {dispatch} of process {PID}, agent {AGENT}; code object id {CODE_OBJECT_ID}"]
        for e in buffers:
            blob = e.field("blob")
            name = f"{PID}_{AGENT}_shader_engine_{e.field('se')}_{dispatch}.att"
            with open(os.path.join(host, name), "wb") as f:
                f.write(blob)
            lines.append(f"{name}: SE {e.field('se')}, {len(blob)} bytes, itrace {e.field('itrace')}, "
                         f"sha256 {hashlib.sha256(blob).hexdigest()}")
        lib = program.field("lib")
        with open(os.path.join(host, f"{PID}_{arch}_code_object_id_{CODE_OBJECT_ID}.out"), "wb") as f:
            f.write(lib)
        lines.append(f"{PID}_{arch}_code_object_id_{CODE_OBJECT_ID}.out: {len(lib)} bytes, "
                     f"sha256 {hashlib.sha256(lib).hexdigest()}")
        with open(os.path.join(out, case, "SOURCE.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{case}: {len(buffers)} buffers, {sum(len(e.field('blob')) for e in buffers)} bytes")


if __name__ == "__main__":
    main()
