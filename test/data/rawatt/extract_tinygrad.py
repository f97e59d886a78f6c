#!/usr/bin/env python3
"""extract_tinygrad.py - real hardware thread-trace buffers from tinygrad's
public captures, laid out as rocprofv3 --att writes them.

What
  tinygrad (github.com/tinygrad/tinygrad, MIT licence, copyright the tiny corp)
  keeps captures of a few kernels run on real AMD GPUs in
  extra/sqtt/examples/<arch>/profile_<name>_run_<i>.pkl (arch gfx950 = MI350X,
  gfx1100 = RX 7900, gfx1200 = RX 9070): pickled lists of tinygrad profile
  events. Each ProfileSQTTEvent(device, kern, se, blob, itrace, exec_tag) holds
  one shader engine's raw SQTT buffer (`blob`, copied from the hardware up to
  its write pointer; gfx9 buffers already start with tinygrad's own 8-byte
  header), and each ProfileProgramEvent(device, name, lib, base, tag) the
  kernel's code object (`lib`) and the address it was loaded at (`base`).
  For every case below this script writes

    <out>/<case>/host/1000_1_shader_engine_<se>_<dispatch>.att  the blob, byte for byte
    <out>/<case>/host/1000_<arch>_code_object_id_1.out          the code object, byte for byte
    <out>/<case>/SOURCE.txt                                     where it came from

  (process id 1000, agent 1, one code object per case). SOURCE.txt names the
  tinygrad commit, the pickle (with its git blob id), the event indices, the
  kernel, device, shader engines, itrace flags, load base, the kernel's entry
  address and the COMPUTE_PGM_LO/HI values tinygrad programmed for it, and
  the size and sha256 of every file written. Its "kernel: NAME" line is read
  by test/lit/tools/Inputs/json-from-expected.py.

Why
  These are the only public raw SQTT buffers from real hardware (no public
  rocprofv3 .att capture is retrievable), so they are the test fixtures of the
  raw .att reader. They are not aqlprofile captures: tinygrad programs the
  trace itself (different token enables, instruction tokens on SEs 0 and 1,
  no '\\0ROC' realtime/code-object markers, its own gfx9 header); README.md
  lists the quirks.

Safety
  The pickles are read WITHOUT importing or running tinygrad. Every tinygrad
  class they name is replaced by an inert stand-in that only stores the
  arguments and state it is given; decimal.Decimal and the plain builtin
  containers are allowed; any other global (os, subprocess, builtins.eval,
  getattr, ...) is refused and the load fails. Only the standard library is
  used (Python >= 3.8).

Rerun (deterministic: same inputs, same bytes)
  git clone --bare https://github.com/tinygrad/tinygrad tg.git
  python3 extract_tinygrad.py tg.git OUT --rev a9069c177a9da9cca18593edf55acd2e6073cca6
      the committed cases, read with `git show REV:PATH` (no work tree needed)
  python3 extract_tinygrad.py TINYGRAD_CHECKOUT OUT --commit HASH
      the same from a work tree (any directory holding extra/sqtt/examples/)
  python3 extract_tinygrad.py --list PKL...
      list the traced dispatches of pickle files
  python3 extract_tinygrad.py --pkl PKL --arch gfx950 --case NAME [--group N] [--dispatch N] OUT
      one dispatch of any pickle file (group N = Nth traced dispatch, from 0)
  Options --only CASE (repeatable) restricts the committed cases.
  Writing into test/data/rawatt only rewrites the listed files; the
  .att.expected files beside them come from the oracle described in README.md.
"""
import argparse
import hashlib
import os
import pickle
import struct
import subprocess
import sys

# (case, arch, pickle path in the tinygrad tree, traced dispatch (0 = first), dispatch number in file names)
CASES = [
    ("gfx950-gemm", "gfx950", "extra/sqtt/examples/gfx950/profile_gemm_run_0.pkl", 0, 2),
    ("gfx1100-plus", "gfx1100", "extra/sqtt/examples/gfx1100/profile_plus_run_0.pkl", 0, 1),
    ("gfx1200-plus", "gfx1200", "extra/sqtt/examples/gfx1200/profile_plus_run_0.pkl", 0, 1),
    ("gfx1100-gemm", "gfx1100", "extra/sqtt/examples/gfx1100/profile_gemm_run_0.pkl", 0, 2),
    ("gfx1200-gemm", "gfx1200", "extra/sqtt/examples/gfx1200/profile_gemm_run_0.pkl", 0, 2),
]
PID, AGENT, CODE_OBJECT_ID = 1000, 1, 1


# ---------------------------------------------------------------- unpickling

class StandIn:
    """Any tinygrad class of the pickle: keeps what it is given, does nothing."""

    def __init__(self, *args, **kwargs):  # reduce-style construction (enums: Ops(14))
        self._args, self._kwargs = args, kwargs

    def __setstate__(self, state):  # BUILD: a dataclass's __dict__, or (dict, slots)
        self._state = state

    def field(self, name):
        state = getattr(self, "_state", None)
        if isinstance(state, tuple) and len(state) == 2:
            for part in state:
                if isinstance(part, dict) and name in part:
                    return part[name]
            return None
        if isinstance(state, dict):
            return state.get(name)
        return getattr(self, "_kwargs", {}).get(name)


_PLAIN_BUILTINS = {"bytes", "bytearray", "set", "frozenset", "dict", "list", "tuple", "int", "str", "float",
                   "bool", "complex", "slice"}
_standins = {}


class SafeUnpickler(pickle.Unpickler):
    """Unpickler that builds stand-ins for tinygrad classes and refuses everything else."""

    def find_class(self, module, name):
        if module == "builtins" and name in _PLAIN_BUILTINS:
            import builtins
            return getattr(builtins, name)
        if module == "decimal" and name == "Decimal":
            import decimal
            return decimal.Decimal
        if module == "tinygrad" or module.startswith("tinygrad."):
            if not name.replace("_", "a").isalnum():
                raise pickle.UnpicklingError(f"refused odd name {module}.{name}")
            return _standins.setdefault((module, name), type(name, (StandIn,), {"__module__": "standin." + module}))
        raise pickle.UnpicklingError(f"refused to load {module}.{name}")


def load_events(data):
    import io
    events = SafeUnpickler(io.BytesIO(data)).load()
    if not isinstance(events, list):
        raise SystemExit(f"pickle holds {type(events).__name__}, not a list of events")
    return events


def kind(e):
    return type(e).__name__


def dispatches(events):
    """Traced dispatches in order of first appearance: ((device, kern, exec_tag), [(index, event)])."""
    groups = {}
    for i, e in enumerate(events):
        if kind(e) == "ProfileSQTTEvent":
            groups.setdefault((e.field("device"), e.field("kern"), e.field("exec_tag")), []).append((i, e))
    return list(groups.items())


# ---------------------------------------------------------------- code object

def elf_symbols(lib):
    """{name: (value, size, type, section index)} of an ELF64 little-endian .symtab, and the section headers."""
    if lib[:4] != b"\x7fELF" or lib[4] != 2 or lib[5] != 1:
        return {}, []
    shoff, = struct.unpack_from("<Q", lib, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", lib, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", lib, shoff + k * shentsize) for k in range(shnum)]
    syms = {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 24):
            st_name, st_info, _, st_shndx, st_value, st_size = struct.unpack_from("<IBBHQQ", lib, off)
            end = lib.index(b"\0", strtab[4] + st_name)
            name = lib[strtab[4] + st_name:end].decode("utf-8", "replace")
            if name:
                syms[name] = (st_value, st_size, st_info & 0xF, st_shndx)
    return syms, sections


def entry_facts(lib, name, base):
    """Lines about where the kernel's code is: symbol, descriptor, and tinygrad's prog_addr."""
    syms, sections = elf_symbols(lib)
    lines = []
    kd = syms.get(name + ".kd")
    if kd is not None and kd[3] < len(sections):
        sh = sections[kd[3]]
        entry_off, = struct.unpack_from("<q", lib, sh[4] + kd[0] - sh[3] + 16)  # kernel_code_entry_byte_offset
        prog = base + kd[0] + entry_off  # tinygrad: lib_gpu.va_addr + .rodata addr + entry offset (kd at .rodata start)
        lines.append(f"kernel descriptor: {name}.kd at {kd[0]:#x}, kernel_code_entry_byte_offset {entry_off:#x}")
        lines.append(f"kernel entry: {base:#x} + {kd[0] + entry_off:#x} = {prog:#x}; COMPUTE_PGM_LO {prog >> 8 & 0xFFFFFFFF:#010x},"
                     f" COMPUTE_PGM_HI {prog >> 40:#x} (prog_addr >> 8, as tinygrad's ops_amd.py writes them)")
    fn = syms.get(name)
    if fn is not None:
        lines.append(f"function symbol: {name} at {fn[0]:#x}, {fn[1]} bytes (address {base + fn[0]:#x})")
    return lines


# ---------------------------------------------------------------- reading sources

def run(*argv):
    return subprocess.run(list(argv), check=True, capture_output=True).stdout


def git_blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


class Source:
    """A tinygrad bare git dir (read at REV) or a directory holding the tree's files."""

    def __init__(self, root, rev=None, commit=None):
        self.root = root
        self.is_git = os.path.isfile(os.path.join(root, "HEAD")) and os.path.isdir(os.path.join(root, "objects"))
        if self.is_git:
            self.rev = run("git", "--git-dir", root, "rev-parse", "--verify", (rev or "HEAD") + "^{commit}")
            self.rev = self.rev.decode().strip()
            self.commit = self.rev
        else:
            self.commit = commit
            if self.commit is None:
                try:
                    self.commit = run("git", "-C", root, "rev-parse", "HEAD").decode().strip()
                except (OSError, subprocess.CalledProcessError):
                    self.commit = "unknown (files given without a commit)"

    def read(self, path):
        if self.is_git:
            return run("git", "--git-dir", self.root, "show", f"{self.rev}:{path}")
        with open(os.path.join(self.root, path), "rb") as f:
            return f.read()


# ---------------------------------------------------------------- writing a case

def write_case(out, case, arch, label, data, commit, group, dispatch):
    events = load_events(data)
    groups = dispatches(events)
    if group >= len(groups):
        raise SystemExit(f"{label}: has {len(groups)} traced dispatches, no #{group}")
    (device, kern, tag), sqtt = groups[group]
    sqtt = sorted(sqtt, key=lambda ie: ie[1].field("se"))
    programs = [(i, e) for i, e in enumerate(events)
                if kind(e) == "ProfileProgramEvent" and e.field("tag") == kern and e.field("device") == device]
    if len(programs) != 1:
        raise SystemExit(f"{label}: {len(programs)} programs with tag {kern} on {device}")
    pidx, program = programs[0]
    name, lib, base = program.field("name"), program.field("lib"), program.field("base")

    host = os.path.join(out, case, "host")
    os.makedirs(host, exist_ok=True)
    ses = [e.field("se") for _, e in sqtt]
    lines = [f"tinygrad/tinygrad @ {commit} (MIT licence)",
             f"pickle: {label} (git blob {git_blob_id(data)}, {len(data)} bytes, {len(events)} events)",
             f"kernel: {name} (program tag {kern}, dispatch exec_tag {tag})",
             f"device: {device}; code object loaded at {base:#x}",
             f"events: ProfileProgramEvent #{pidx}; ProfileSQTTEvent #{sqtt[0][0]}..#{sqtt[-1][0]}"
             f" ({len(sqtt)} events, traced dispatch {group} of {len(groups)} in the pickle)",
             f"shader engines: {' '.join(map(str, ses))}; itrace on: "
             f"{' '.join(str(e.field('se')) for _, e in sqtt if e.field('itrace')) or 'none'}",
             *entry_facts(lib, name, base),
             f"written as dispatch {dispatch} of process {PID}, agent {AGENT}; code object id {CODE_OBJECT_ID}"]
    total = 0
    for i, e in sqtt:
        blob = e.field("blob")
        if not isinstance(blob, (bytes, bytearray)):
            raise SystemExit(f"{label}: event {i} has no bytes blob")
        fname = f"{PID}_{AGENT}_shader_engine_{e.field('se')}_{dispatch}.att"
        with open(os.path.join(host, fname), "wb") as f:
            f.write(blob)
        total += len(blob)
        lines.append(f"{fname}: event {i}, SE {e.field('se')}, {len(blob)} bytes, itrace {e.field('itrace')}, "
                     f"sha256 {hashlib.sha256(blob).hexdigest()}")
    lines.append(f"total: {len(sqtt)} .att files, {total} bytes")
    fname = f"{PID}_{arch}_code_object_id_{CODE_OBJECT_ID}.out"
    with open(os.path.join(host, fname), "wb") as f:
        f.write(lib)
    lines.append(f"{fname}: event {pidx}, {len(lib)} bytes, sha256 {hashlib.sha256(lib).hexdigest()}")
    with open(os.path.join(out, case, "SOURCE.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{case}: {name}, {len(sqtt)} buffers (SEs {ses[0]}..{ses[-1]}), {total} bytes")


def list_pickle(label, data):
    events = load_events(data)
    print(f"{label}: {len(events)} events")
    for i, e in enumerate(events):
        if kind(e) == "ProfileProgramEvent":
            print(f"  #{i} program tag {e.field('tag')} {e.field('name')} base {e.field('base'):#x} "
                  f"lib {len(e.field('lib'))} bytes")
    for g, ((device, kern, tag), sqtt) in enumerate(dispatches(events)):
        sizes = [len(e.field("blob")) for _, e in sqtt]
        itr = [e.field("se") for _, e in sqtt if e.field("itrace")]
        print(f"  dispatch {g}: device {device} kern {kern} exec_tag {tag}: events #{sqtt[0][0]}..#{sqtt[-1][0]}, "
              f"{len(sqtt)} SEs, {sum(sizes)} bytes ({min(sizes)}..{max(sizes)}), itrace SEs {itr}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", nargs="?", help="tinygrad bare git dir, or a directory holding its files")
    ap.add_argument("out", nargs="?", help="output directory (e.g. test/data/rawatt)")
    ap.add_argument("--rev", help="git revision to read (default HEAD)")
    ap.add_argument("--commit", help="commit to record when SOURCE is a plain directory or --pkl is used")
    ap.add_argument("--only", action="append", help="write only this case (repeatable)")
    ap.add_argument("--list", nargs="+", metavar="PKL", help="list the traced dispatches of pickle files")
    ap.add_argument("--pkl", help="extract one dispatch of this pickle file (then SOURCE is omitted)")
    ap.add_argument("--arch", help="with --pkl: gfx target for the code object's file name")
    ap.add_argument("--case", help="with --pkl: case directory name")
    ap.add_argument("--group", type=int, default=0, help="with --pkl: traced dispatch, 0 = first")
    ap.add_argument("--dispatch", type=int, default=1, help="with --pkl: dispatch number in file names")
    a = ap.parse_args()

    if a.list:
        for p in a.list:
            with open(p, "rb") as f:
                list_pickle(p, f.read())
        return
    if a.pkl:
        out = a.out or a.source
        if not (out and a.arch and a.case):
            ap.error("--pkl needs --arch, --case and OUT")
        with open(a.pkl, "rb") as f:
            data = f.read()
        write_case(out, a.case, a.arch, a.pkl, data, a.commit or "unknown (pickle file given)", a.group, a.dispatch)
        return
    if not (a.source and a.out):
        ap.error("need SOURCE and OUT (or --list / --pkl)")
    src = Source(a.source, a.rev, a.commit)
    known = {c[0] for c in CASES}
    for c in a.only or []:
        if c not in known:
            ap.error(f"unknown case {c}; cases: {', '.join(sorted(known))}")
    for case, arch, path, group, dispatch in CASES:
        if a.only and case not in a.only:
            continue
        write_case(a.out, case, arch, path, src.read(path), src.commit, group, dispatch)


if __name__ == "__main__":
    main()
