"""isa_walk - follows the scalar side of AMDGPU assembly, for tests of meaning.

Reads the assembly a compiler writes (-S: functions, labels, inline asm
included) and walks each function's control flow with a small interpreter of
the scalar instructions markers depend on: m0, SCC, VCC and EXEC writes,
s_getreg of the HW_ID registers (given as inputs), the SALU bit, compare,
select, shift and logic instructions, and the branches on SCC, VCC and EXEC.
Vector instructions only matter for the scalar registers they write (those
become unknown); a branch on an unknown value goes both ways. Every
s_ttracedata / s_ttracedata_imm is reported with its value (None where m0 is
unknown: a payload read from a lane).

Used by the scope-filter evaluator (which waves emit a marker, for every
hardware id) and the containment checker (where the work of a scope lies
relative to its markers on every path), so both judge the compiled output,
not the IR that produced it.
"""

import os
import re
from concurrent.futures import ThreadPoolExecutor

MASK32 = 0xFFFFFFFF
HWREG_NAMES = {"HW_REG_HW_ID": 4, "HW_REG_HW_ID1": 23, "HW_REG_HW_ID2": 24,
               "HW_REG_WAVE_HW_ID1": 23, "HW_REG_WAVE_HW_ID2": 24}
BRANCHES = {"s_branch", "s_cbranch_scc0", "s_cbranch_scc1", "s_cbranch_vccz",
            "s_cbranch_vccnz", "s_cbranch_execz", "s_cbranch_execnz"}
ENDS = {"s_endpgm", "s_setpc_b64", "s_endpgm_saved"}
CALLS = {"s_swappc_b64", "s_swap_pc_i64", "s_call_b64", "s_call_i64"}
# Scalar instructions that leave SCC alone.
SCC_NEUTRAL = ("s_load", "s_buffer_load", "s_scratch_load", "s_store", "s_buffer_store",
               "s_getpc", "s_get_pc", "s_dcache", "s_prefetch", "s_setreg", "s_set_inst_prefetch")
# SGPRs a call may clobber (the AMDGPU calling convention saves s30 and up).
CALLER_SAVED = [f"s{i}" for i in range(30)] + ["vcc_lo", "vcc_hi", "m0", "scc"]


class Inst:
    __slots__ = ("mnemonic", "ops", "text", "line")

    def __init__(self, mnemonic, ops, text, line):
        self.mnemonic, self.ops, self.text, self.line = mnemonic, ops, text, line

    def __repr__(self):
        return self.text


class Function:
    def __init__(self, name):
        self.name = name
        self.insts = []
        self.labels = {}  # label -> index of the next instruction
        self.callees = {}  # the functions of the same file

    @property
    def written(self):
        """Every scalar register the function names (a superset of what it
        writes; the assembly spells VCC out where an instruction writes it),
        and SCC, which scalar instructions set without naming it."""
        regs = {"scc"}
        for inst in self.insts:
            for op in inst.ops:
                regs.update(r for r in (regs_of(op) or []) if not r.startswith("exec"))
        return regs

    def target(self, label):
        if label not in self.labels:
            raise ValueError(f"{self.name}: branch to unknown label {label}")
        return self.labels[label]


def split_operands(text):
    """Operands split at top-level commas (hwreg(4, 8, 4) is one)."""
    ops, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


LABEL_RE = re.compile(r"^\s*([A-Za-z_.$][\w.$]*):")


def parse(asm):
    """Returns ({name: Function}, funcmap rows) of an assembly file."""
    functions, funcs_declared, rows = {}, set(), []
    cur = None
    for lineno, raw in enumerate(asm.splitlines(), 1):
        # A string directive keeps its ';' (R: rows separate keys with it);
        # elsewhere ';' starts a comment.
        line = raw.rstrip() if re.match(r'\s*\.(asciz|ascii)\s+"', raw) else raw.split(";", 1)[0].rstrip()
        m = re.match(r"\s*\.type\s+([\w.$]+),\s*@function", line)
        if m:
            funcs_declared.add(m.group(1))
            continue
        m = re.match(r'\s*\.(asciz|ascii)\s+"(.*)"', line)
        if m and "\\n" in m.group(2) and re.search(r"(^|\\n)[FKUPR]:", m.group(2)):
            rows += [r for r in m.group(2).split("\\n") if r]
            continue
        m = LABEL_RE.match(line)
        if m:
            name = m.group(1)
            if name in funcs_declared:
                cur = functions[name] = Function(name)
            elif name.startswith(".Lfunc_end"):
                cur = None
            elif cur is not None:
                cur.labels[name] = len(cur.insts)
            rest = line[m.end():].strip()
            if not rest:
                continue
            line = rest
        if cur is None:
            continue
        s = line.strip()
        if not s or s.startswith("."):
            continue
        parts = s.split(None, 1)
        cur.insts.append(Inst(parts[0], split_operands(parts[1]) if len(parts) > 1 else [],
                              s, lineno))
    for fn in functions.values():
        fn.callees = functions
    return functions, rows


def funcmap_ids(rows):
    """name -> first id and id -> name for U/F/P rows, and id -> payload
    count from R rows."""
    names, by_id, payloads = {}, {}, {}
    for r in rows:
        parts = r.split(":", 2)
        if len(parts) < 3:
            continue
        kind, ident, rest = parts
        if kind in "UFP" and ident.isdigit():
            name = rest.split("@")[0]
            names.setdefault(name, int(ident))
            by_id[int(ident)] = name
        elif kind == "R" and ident.isdigit():
            m = re.search(r"extra_payload_count=(\d+)", rest)
            if m:
                payloads[int(ident)] = int(m.group(1))
    return names, by_id, payloads


def regs_of(op):
    """The 32-bit registers an operand names, or None if it is not a scalar register."""
    op = op.strip()
    if op in ("vcc", "exec"):
        return [op + "_lo", op + "_hi"]
    if op in ("vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "m0", "scc"):
        return [op]
    m = re.fullmatch(r"s(\d+)", op)
    if m:
        return [op]
    m = re.fullmatch(r"s\[(\d+):(\d+)\]", op)
    if m:
        return [f"s{i}" for i in range(int(m.group(1)), int(m.group(2)) + 1)]
    return None


def constant(op):
    op = op.strip()
    try:
        return int(op, 0)
    except ValueError:
        return None


class State:
    """Scalar registers (32-bit values, None when unknown)."""

    def __init__(self, regs, wave_size, lanes=None, vregs=None):
        self.regs = dict(regs)
        self.wave = wave_size
        # SGPRs spilled into VGPR lanes (v_writelane), by (vgpr, lane).
        self.lanes = dict(lanes or {})
        # VGPRs known to hold one value in every lane (v_mov of a scalar).
        self.vregs = dict(vregs or {})
        # The symbol whose address was formed last (the callee of a call).
        self.last_symbol = None
        self.callees = {}

    def copy(self):
        st = State(self.regs, self.wave, self.lanes, self.vregs)
        st.last_symbol, st.callees = self.last_symbol, self.callees
        return st

    def key(self):
        return (tuple(sorted((k, v) for k, v in self.regs.items() if v is not None)),
                tuple(sorted(self.lanes.items())), tuple(sorted(self.vregs.items())))

    def widened(self, first):
        """This state with what differs from \p first forgotten (a loop's
        counters), what stays the same (the scope test) kept."""
        keep = lambda mine, theirs: {k: (v if theirs.get(k) == v else None)
                                     for k, v in mine.items()}
        return State(keep(self.regs, first.regs), self.wave,
                     {k: v for k, v in keep(self.lanes, first.lanes).items() if v is not None},
                     {k: v for k, v in keep(self.vregs, first.vregs).items() if v is not None})

    def clobber_vgprs(self, op):
        m = re.fullmatch(r"([va])(\d+)|([va])\[(\d+):(\d+)\]", op.strip())
        if not m:
            return
        kind = m.group(1) or m.group(3)
        lo = int(m.group(2) or m.group(4))
        hi = int(m.group(2) or m.group(5))
        names = {f"{kind}{i}" for i in range(lo, hi + 1)}
        if self.lanes:
            self.lanes = {k: v for k, v in self.lanes.items() if k[0] not in names}
        if kind == "v":
            for i in range(lo, hi + 1):
                self.vregs.pop(i, None)

    def copy_lanes(self, dst, src):
        """A whole-register copy (v_mov, v_accvgpr_read/write) keeps the
        spilled lanes: -O0 parks the spill VGPR in an AGPR and back."""
        lanes = {k: v for k, v in self.lanes.items() if k[0] == src}
        self.clobber_vgprs(dst)
        for (_, lane), v in lanes.items():
            self.lanes[(dst, lane)] = v

    def uniform(self, op):
        """A vector operand's value when every lane holds the same known one."""
        c = constant(op)
        if c is not None:
            return c & MASK32
        m = re.fullmatch(r"v(\d+)", op.strip())
        if m:
            return self.vregs.get(int(m.group(1)))
        return self.read(op)

    def get(self, r):
        return self.regs.get(r)

    def read(self, op, width=32):
        c = constant(op)
        if c is not None:
            if width == 64:
                return c & 0xFFFFFFFFFFFFFFFF
            return c & MASK32
        rs = regs_of(op)
        if rs is None:
            return None
        if width == 32:
            return self.regs.get(rs[0])
        if len(rs) == 1:
            return None
        lo, hi = self.regs.get(rs[0]), self.regs.get(rs[1])
        if lo is None or hi is None:
            return None
        return lo | (hi << 32)

    def write(self, op, value, width=32):
        rs = regs_of(op)
        if rs is None:
            return
        if value is None:
            for r in rs:
                self.regs[r] = None
            return
        if width == 32 or len(rs) == 1:
            self.regs[rs[0]] = value & MASK32
        else:
            self.regs[rs[0]] = value & MASK32
            self.regs[rs[1]] = (value >> 32) & MASK32

    def forget(self, names):
        for r in names:
            self.regs[r] = None

    def exec_mask(self):
        lo, hi = self.regs.get("exec_lo"), self.regs.get("exec_hi")
        if self.wave == 32:
            return lo
        return None if lo is None or hi is None else lo | (hi << 32)

    def vcc_mask(self):
        lo, hi = self.regs.get("vcc_lo"), self.regs.get("vcc_hi")
        if self.wave == 32:
            return lo
        return None if lo is None or hi is None else lo | (hi << 32)


def hwreg_field(op, hw):
    """The value s_getreg reads for hwreg(...) given the HW_ID registers hw."""
    m = re.fullmatch(r"hwreg\((\w+)(?:,\s*(\d+),\s*(\d+))?\)", op.strip())
    if not m:
        return None
    reg = m.group(1)
    reg = HWREG_NAMES.get(reg, constant(reg))
    offset = int(m.group(2)) if m.group(2) else 0
    size = int(m.group(3)) if m.group(3) else 32
    if reg not in hw:
        return None
    return (hw[reg] >> offset) & ((1 << size) - 1)


def _sext32(v):
    return v - (1 << 32) if v & 0x80000000 else v


ALU2 = {
    "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
    "andn2": lambda a, b: a & ~b, "and_not1": lambda a, b: a & ~b,
    "orn2": lambda a, b: a | ~b, "or_not1": lambda a, b: a | ~b,
    "nand": lambda a, b: ~(a & b), "nor": lambda a, b: ~(a | b), "xnor": lambda a, b: ~(a ^ b),
}
CMP = {"eq": lambda a, b: a == b, "lg": lambda a, b: a != b, "gt": lambda a, b: a > b,
       "ge": lambda a, b: a >= b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b}


def _partial_logic(base, a, b, mask, ops):
    """A logic result that one known operand decides: x & 0, x | ~0 and the
    like. A wave that runs scalar code has a lane active, so EXEC & ~0 is
    taken as nonzero (the SCC form of the scope test is that AND)."""
    if base == "and":
        if a == 0 or b == 0:
            return 0, 0
        if (a == mask and "exec" in ops[2]) or (b == mask and "exec" in ops[1]):
            return None, 1
    if base in ("andn2", "and_not1"):
        if a == 0 or b == mask:
            return 0, 0
    if base == "or" and (a == mask or b == mask):
        return mask, 1
    return None, None


def step(inst, st, hw):
    """Executes one instruction's scalar effects on st. Returns nothing."""
    mn, ops = inst.mnemonic, inst.ops
    m = re.fullmatch(r"s_(\w+?)_([bi]|u)(32|64)", mn)
    base, width = (m.group(1), int(m.group(3))) if m else (None, 32)
    mask = MASK32 if width == 32 else 0xFFFFFFFFFFFFFFFF

    def rd(i, w=width):
        return st.read(ops[i], w)

    if mn == "s_getreg_b32":
        st.write(ops[0], hwreg_field(ops[1], hw))
        return
    if mn == "s_movk_i32":
        c = constant(ops[1])
        st.write(ops[0], None if c is None else (c - 0x10000 if c & 0x8000 else c) & MASK32)
        return
    if base == "mov":
        st.write(ops[0], rd(1), width)
        return
    if base == "cselect":
        scc = st.get("scc")
        st.write(ops[0], None if scc is None else (rd(1) if scc else rd(2)), width)
        return
    if base in ("bitcmp1", "bitcmp0"):
        a, b = rd(0), st.read(ops[1], 32)
        if a is None or b is None:
            st.regs["scc"] = None
        else:
            bit = (a >> (b & (width - 1))) & 1
            st.regs["scc"] = bit if base == "bitcmp1" else 1 - bit
        return
    if base in ALU2:
        a, b = rd(1), rd(2)
        v = None if a is None or b is None else ALU2[base](a, b) & mask
        scc = None if v is None else int(v != 0)
        if v is None:
            v, scc = _partial_logic(base, a, b, mask, ops)
        st.write(ops[0], v, width)
        st.regs["scc"] = scc
        return
    if base == "not":
        a = rd(1)
        v = None if a is None else ~a & mask
        st.write(ops[0], v, width)
        st.regs["scc"] = None if v is None else int(v != 0)
        return
    if base in ("lshl", "lshr", "ashr"):
        a, b = rd(1), st.read(ops[2], 32)
        if a is None or b is None:
            v = None
        else:
            sh = b & (width - 1)
            if base == "lshl":
                v = (a << sh) & mask
            elif base == "lshr":
                v = a >> sh
            else:
                sa = a - (1 << width) if a >> (width - 1) else a
                v = (sa >> sh) & mask
        st.write(ops[0], v, width)
        st.regs["scc"] = None if v is None else int(v != 0)
        return
    if base in ("bfe",) and width == 32:
        a, b = rd(1), rd(2)
        if a is None or b is None:
            v = None
        else:
            off, w = b & 31, (b >> 16) & 0x7F
            v = (a >> off) & ((1 << w) - 1) if w else 0
            if mn.endswith("i32") and w and v >> (w - 1):
                v = (v - (1 << w)) & MASK32
        st.write(ops[0], v)
        st.regs["scc"] = None if v is None else int(v != 0)
        return
    m = re.fullmatch(r"s_cmpk?_(eq|lg|gt|ge|lt|le)_([ui])(32|64)", mn)
    if m:
        w = int(m.group(3))
        a, b = st.read(ops[0], w), st.read(ops[1], w)
        if a is not None and b is not None and m.group(2) == "i":
            a, b = _sext32(a), _sext32(b)
        st.regs["scc"] = None if a is None or b is None else int(CMP[m.group(1)](a, b))
        return
    m = re.fullmatch(r"s_(and|or|xor|andn2|and_not1)_saveexec_b(32|64)", mn)
    if m:
        w = int(m.group(2))
        ex = "exec_lo" if w == 32 else "exec"
        old, a = st.read(ex, w), rd(1, w)
        st.write(ops[0], old, w)
        v = None if old is None or a is None else ALU2[m.group(1)](a, old) & (
            MASK32 if w == 32 else 0xFFFFFFFFFFFFFFFF)
        st.write(ex, v, w)
        st.regs["scc"] = None if v is None else int(v != 0)
        return
    if mn in CALLS:
        # With interprocedural register allocation a callee of the same file
        # leaves alone every register it does not name; any other callee may
        # clobber what the calling convention lets it.
        callee = st.callees.get(st.last_symbol)
        st.forget(sorted(callee.written) if callee is not None else CALLER_SAVED)
        st.write(ops[0], None, 64)
        return
    for op in ops:
        m = re.match(r"([\w.$]+)@(rel32@lo|gotpcrel32@lo|rel64)", op)
        if m:
            st.last_symbol = m.group(1)
    if mn.startswith("s_wait") or mn in ("s_nop", "s_delay_alu", "s_ttracedata",
                                          "s_ttracedata_imm", "s_barrier", "s_clause",
                                          "s_set_inst_prefetch_distance", "s_sleep",
                                          "s_setprio", "s_sendmsg", "s_inst_prefetch",
                                          "s_barrier_signal", "s_barrier_wait"):
        return
    if mn == "v_writelane_b32":
        lane = constant(ops[2])
        if re.fullmatch(r"v\d+", ops[0]) and lane is not None:
            st.lanes[(ops[0], lane)] = st.read(ops[1])
        else:
            st.clobber_vgprs(ops[0])
        return
    if mn == "v_readlane_b32":
        lane = constant(ops[2])
        st.write(ops[0], st.lanes.get((ops[1], lane)) if lane is not None else None)
        return
    if mn.startswith(("v_accvgpr_write", "v_accvgpr_read", "v_accvgpr_mov")) or (
            re.fullmatch(r"v_mov_b32(_e32|_e64)?", mn) and re.fullmatch(r"v\d+", ops[1])):
        st.copy_lanes(ops[0], ops[1])
        if not mn.startswith("v_mov"):
            return
    if re.fullmatch(r"v_mov_b32(_e32|_e64)?", mn):
        v = st.uniform(ops[1])
        if not re.fullmatch(r"v\d+", ops[1]):
            st.clobber_vgprs(ops[0])
        m = re.fullmatch(r"v(\d+)", ops[0])
        if m and v is not None:
            st.vregs[int(m.group(1))] = v
        return
    if mn == "v_readfirstlane_b32":
        st.write(ops[0], st.uniform(ops[1]))
        return
    if mn == "v_cndmask_b32_e64" and len(ops) == 4:
        sel = st.read(ops[3], st.wave)
        a, b = st.uniform(ops[1]), st.uniform(ops[2])
        st.clobber_vgprs(ops[0])
        m = re.fullmatch(r"v(\d+)", ops[0])
        if m and sel is not None:
            v = b if sel == full_lanes(st) else a if sel == 0 else None
            if v is not None:
                st.vregs[int(m.group(1))] = v
        return
    m = re.fullmatch(r"v_cmp_(eq|ne|lg|gt|ge|lt|le)_([ui])32(_e32|_e64)", mn)
    if m and len(ops) == 3:
        a, b = st.uniform(ops[1]), st.uniform(ops[2])
        if a is not None and b is not None:
            if m.group(2) == "i":
                a, b = _sext32(a), _sext32(b)
            cond = CMP["lg" if m.group(1) == "ne" else m.group(1)](a, b)
            st.write(ops[0], (st.read("exec", 64) if st.wave == 64 else st.read("exec_lo"))
                     if cond else 0, st.wave)
        else:
            st.write(ops[0], None, 64)
        return
    if mn.startswith("v_"):
        # What a vector instruction writes of the scalar side is unknown; the
        # lane selects only read it.
        if ops:
            st.clobber_vgprs(ops[0])
        if mn.startswith("v_cndmask"):
            return
        for i, op in enumerate(ops[:2]):
            if regs_of(op) and (i == 0 or op not in ("exec", "exec_lo")):
                st.write(op, None, 64)
        if mn.startswith("v_cmpx"):
            st.forget(["exec_lo", "exec_hi"])
        return
    if mn.startswith("s_"):
        # Any other scalar instruction: its destination, and SCC unless it is
        # a memory or program-counter instruction, become unknown.
        if ops and regs_of(ops[0]):
            st.write(ops[0], None, 64)
        if not mn.startswith(SCC_NEUTRAL):
            st.regs["scc"] = None
        return
    # Memory and everything else: nothing of the scalar side is known after
    # a scalar load into its destination.
    if ops and regs_of(ops[0]):
        st.write(ops[0], None, 64)


def branch_taken(inst, st):
    """True, False, or None when the condition is unknown."""
    mn = inst.mnemonic
    if mn == "s_branch":
        return True
    if mn in ("s_cbranch_scc0", "s_cbranch_scc1"):
        scc = st.get("scc")
        return None if scc is None else bool(scc) == (mn == "s_cbranch_scc1")
    if mn in ("s_cbranch_vccz", "s_cbranch_vccnz"):
        v = st.vcc_mask()
        return None if v is None else (v == 0) == (mn == "s_cbranch_vccz")
    if mn in ("s_cbranch_execz", "s_cbranch_execnz"):
        v = st.exec_mask()
        return None if v is None else (v == 0) == (mn == "s_cbranch_execz")
    raise ValueError(mn)


def full_lanes(st):
    return (1 << st.wave) - 1


def initial_regs(wave_size):
    """A wave as launched: every lane active."""
    regs = {"exec_lo": MASK32, "exec_hi": MASK32 if wave_size == 64 else 0}
    return regs


def trace_value(inst, st):
    if inst.mnemonic == "s_ttracedata_imm":
        return constant(inst.ops[0])
    if inst.mnemonic == "s_ttracedata":
        return st.get("m0")
    return None


def walk(fn, wave_size, hw, visit, ctx=(), on_fork=None, max_states_per_inst=16,
         max_steps=400000):
    """Explores every path of fn. visit(inst, state, ctx) is called before each
    instruction executes and returns the new ctx (hashable, per path: a marker
    stack, say) or raises; on_fork(inst, ctx), if given, returns the ctx of
    both paths of a branch whose condition is unknown. Returns the ctx values
    seen at the ends."""
    seen, per_inst, ends = set(), {}, []
    start = State(initial_regs(wave_size), wave_size)
    start.callees = fn.callees
    work = [(0, start, ctx)]
    steps = 0
    while work:
        pc, st, ctx = work.pop()
        while True:
            steps += 1
            if steps > max_steps:
                raise RuntimeError(f"{fn.name}: too many steps")
            if pc >= len(fn.insts):
                ends.append(ctx)
                break
            key = (pc, st.key(), ctx)
            if key in seen:
                break
            seen.add(key)
            first, n = per_inst.get(pc, (st.copy(), 0))
            per_inst[pc] = (first, n + 1)
            if n + 1 > max_states_per_inst:
                # A loop that keeps changing registers: forget what changed
                # (markers never depend on a loop counter).
                st = st.widened(first)
                st.callees = fn.callees
                key = (pc, st.key(), ctx)
                if key in seen:
                    break
                seen.add(key)
            inst = fn.insts[pc]
            ctx = visit(inst, st, ctx)
            if inst.mnemonic in ENDS:
                ends.append(ctx)
                break
            if inst.mnemonic in BRANCHES:
                taken = branch_taken(inst, st)
                tgt = fn.target(inst.ops[0])
                if taken is None:
                    if on_fork:
                        ctx = on_fork(inst, ctx)
                    work.append((tgt, st.copy(), ctx))
                    pc += 1
                else:
                    pc = tgt if taken else pc + 1
                continue
            step(inst, st, hw)
            pc += 1
    return ends


def report(jobs, check, unit, found="with findings", line=None):
    """Runs check(*job) -> (text, ok) for every job in parallel and prints one
    line per job (by default "<job>: ok: <text>" or "<job>: FINDING: <text>";
    line(job, text, ok) to spell it otherwise) and "<unit>: N, <found>: M".
    Returns the exit status: 1 if any job is not ok."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda job: check(*job), jobs))
    bad = 0
    for job, (text, ok) in zip(jobs, results):
        if line:
            print(line(job, text, ok))
        else:
            print(f"{' '.join(map(str, job))}: {'ok: ' if ok else 'FINDING: '}{text}")
        bad += not ok
    print(f"{unit}: {len(jobs)}, {found}: {bad}")
    return 1 if bad else 0
