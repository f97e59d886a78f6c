// ScalarMachine.cpp - the interpreter of the scalar instructions markers
// depend on, over known bits.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <string_view>

namespace sqtt::isa {

namespace {

/// Whether a 32- or 64-bit result is nonzero: known once a known bit is set
/// or every bit is known.
std::optional<bool> nonzero(Bits Lo, std::optional<Bits> Hi) {
  if ((Lo.V & Lo.Known) || (Hi && (Hi->V & Hi->Known)))
    return true;
  if (Lo.known() && (!Hi || Hi->known()))
    return false;
  return std::nullopt;
}

Bits sccBits(std::optional<bool> B) { return B ? Bits::of(*B ? 1 : 0) : Bits(); }

/// The bitwise operations of the logic and saveexec families.
Bits logic(Operation Op, Bits A, Bits B) {
  switch (Op) {
  case Operation::And: return bitAnd(A, B);
  case Operation::Or: return bitOr(A, B);
  case Operation::Xor: return bitXor(A, B);
  case Operation::AndNot: return bitAnd(A, bitNot(B));
  case Operation::OrNot: return bitOr(A, bitNot(B));
  case Operation::Nand: return bitNot(bitAnd(A, B));
  case Operation::Nor: return bitNot(bitOr(A, B));
  case Operation::Xnor: return bitNot(bitXor(A, B));
  default: return Bits();
  }
}

/// A 64-bit result's high half, for the 64-bit forms of \p I's family.
std::optional<Bits> high(const Instruction &I, Bits Hi) { return I.What.wide() ? std::optional<Bits>(Hi) : std::nullopt; }

int64_t signExtend(uint64_t V, unsigned Bits) {
  return Bits >= 64 ? int64_t(V) : int64_t(V << (64 - Bits)) >> (64 - Bits);
}

} // namespace

CallEffect CallEffect::unknownCallee() {
  CallEffect E;
  for (uint16_t R = 0; R < reg::NumScalar; ++R)
    E.Scalar[R] = reg::callerSaved(R);
  E.Vector = true;
  return E;
}

ScalarMachine::ScalarMachine(unsigned WaveSize) : Wave(WaveSize) {
  Regs[reg::ExecLo] = Bits::of(~0u);
  Regs[reg::ExecHi] = Bits::of(WaveSize == 64 ? ~0u : 0u);
}

void ScalarMachine::set(uint16_t R, Bits B) {
  if (R >= reg::NumScalar || R == reg::Null)
    return;
  B.V &= B.Known;
  Regs[R] = B;
  ExecCopy[R] = false;
  if (!Slots.get().empty()) {
    std::vector<std::string> Gone;
    for (const auto &[Key, S] : Slots.get())
      if (std::find(S.Bases.begin(), S.Bases.end(), R) != S.Bases.end())
        Gone.push_back(Key);
    for (const std::string &Key : Gone)
      Slots.edit().erase(Key);
  }
  if (R == reg::M0)
    M0Written = true;
}

Bits ScalarMachine::read(const Operand &O, unsigned Half) const {
  if (O.isImm())
    return Bits::of(uint32_t(uint64_t(O.Imm) >> (Half ? 32 : 0)));
  if (O.isReg() && O.Reg.scalar()) {
    if (O.Reg.First == reg::Null)
      return Bits::of(0);
    if (Half && O.Reg.Count < 2)
      return Bits();
    return get(uint16_t(O.Reg.First + Half));
  }
  return Bits();
}

Bits ScalarMachine::uniform(const Operand &O) const {
  if (O.isReg() && O.Reg.vector() && O.Reg.Count == 1) {
    auto It = Uniform.get().find(O.Reg.First);
    return It == Uniform.get().end() ? Bits() : It->second;
  }
  return read(O);
}

void ScalarMachine::write(const Operand &O, Bits Lo, std::optional<Bits> Hi) {
  if (!O.isReg())
    return;
  if (!O.Reg.scalar()) {
    forgetVector(O.Reg);
    return;
  }
  set(O.Reg.First, Lo);
  if (O.Reg.Count > 1)
    set(uint16_t(O.Reg.First + 1), Hi ? *Hi : Bits());
  for (uint16_t R = 2; R < O.Reg.Count; ++R)
    set(uint16_t(O.Reg.First + R), Bits());
}

void ScalarMachine::forget(const RegRange &R) {
  if (!R.valid())
    return;
  if (!R.scalar()) {
    forgetVector(R);
    return;
  }
  for (uint16_t I = 0; I < R.Count; ++I)
    set(uint16_t(R.First + I), Bits());
}

void ScalarMachine::forgetDefs(const Instruction &I) {
  for (const RegRange &D : I.defs())
    forget(D);
}

void ScalarMachine::execute(const Instruction &I, const HardwareIds &Hw, const CallEffect *Callee) {
  if (I.Kind == Flow::Call) {
    executeCall(I, Callee);
    return;
  }
  switch (I.What.Kind) {
  case Family::GetReg: {
    sqtt_hardware_ids::field Field = sqtt_hardware_ids::field_of_getreg_imm(uint32_t(I.op(1).Imm));
    std::optional<uint32_t> Value = Hw.of(Field.hwreg);
    uint32_t Known = ~Field.extract(Hw.unknownOf(Field.hwreg));
    write(I.op(0), Value ? Bits{Field.extract(*Value) & Known, Known} : Bits());
    return;
  }
  case Family::GetPc: {
    uint64_t Next = I.Address + I.Size;
    write(I.op(0), Bits::of(uint32_t(Next)), Bits::of(uint32_t(Next >> 32)));
    return;
  }
  case Family::SignExtend: {
    // gfx12's s_getpc_b64 leaves the high word to be sign-extended from 16 bits.
    Bits A = read(I.op(1));
    uint32_t Low = (1u << I.What.Amount) - 1;
    write(I.op(0), (A.Known & Low) == Low ? Bits::of(uint32_t(signExtend(A.V & Low, I.What.Amount))) : Bits());
    return;
  }
  case Family::MoveK:
    write(I.op(0), Bits::of(uint32_t(signExtend(uint64_t(I.op(1).Imm) & 0xFFFF, 16))));
    return;
  case Family::Move:
    write(I.op(0), read(I.op(1)), high(I, read(I.op(1), 1)));
    return;
  case Family::CondMove:
    if (!Regs[reg::Scc].known())
      forgetDefs(I);
    else if (Regs[reg::Scc].V)
      write(I.op(0), read(I.op(1)), high(I, read(I.op(1), 1)));
    return;
  case Family::Select:
    executeSelect(I);
    return;
  case Family::BitTest:
    executeBitTest(I);
    return;
  case Family::Logic:
    executeLogic(I);
    return;
  case Family::Not: {
    Bits Lo = bitNot(read(I.op(1)));
    std::optional<Bits> Hi = high(I, bitNot(read(I.op(1), 1)));
    write(I.op(0), Lo, Hi);
    set(reg::Scc, sccBits(nonzero(Lo, Hi)));
    return;
  }
  case Family::Shift:
    executeShift(I);
    return;
  case Family::BitFieldExtract:
    executeBitFieldExtract(I);
    return;
  case Family::Compare:
    executeCompare(I);
    return;
  case Family::SaveExec:
    executeSaveExec(I);
    return;
  case Family::ShiftAdd: {
    // (A << N) + B: how a numeric marker's value is formed from a register
    // ID and the flag bits (the flags stay known when the ID is data).
    unsigned N = I.What.Amount;
    Bits A = read(I.op(1)), B = read(I.op(2));
    Bits R = addKnown(shiftLeft(A, N), B);
    write(I.op(0), R);
    set(reg::Scc, R.known() && A.known() ? Bits::of(((uint64_t(A.V) << N) + B.V) >> 32 ? 1 : 0) : Bits());
    return;
  }
  case Family::AddSub:
    executeAddSub(I);
    return;
  case Family::Add64:
    executeAdd64(I);
    return;
  case Family::ReadFirstLane:
    write(I.op(0), firstActiveLane(I.op(1)));
    return;
  case Family::ReadLane:
    executeReadLane(I);
    return;
  case Family::WriteLane:
    executeWriteLane(I);
    return;
  case Family::VectorCopy:
    if (!executeVectorCopy(I))
      forgetDefs(I);
    return;
  case Family::VectorShiftCombine:
    if (!executeVectorShiftCombine(I))
      forgetDefs(I);
    return;
  case Family::VectorCompare:
    executeVectorCompare(I);
    return;
  case Family::CndMask:
    if (!executeCndMask(I))
      forgetDefs(I);
    return;
  case Family::LaneCount:
    if (!executeLaneCount(I))
      forgetDefs(I);
    return;
  case Family::VectorArith:
    if (!executeVectorArith(I))
      forgetDefs(I);
    return;
  case Family::SpillStore:
  case Family::SpillLoad:
    if (!spill(I, I.What.Kind == Family::SpillStore))
      forgetDefs(I);
    return;
  case Family::CondBranch:
  case Family::TraceM0:
  case Family::TraceImm:
  case Family::Other:
    break;
  }
  // Anything else: what it writes becomes unknown (SCC included, where the
  // instruction's description says it writes it).
  forgetDefs(I);
}

void ScalarMachine::executeCall(const Instruction &I, const CallEffect *Callee) {
  const CallEffect Unknown = CallEffect::unknownCallee();
  const CallEffect &E = Callee ? *Callee : Unknown;
  for (uint16_t R = 0; R < reg::NumScalar; ++R)
    if (E.Scalar[R])
      set(R, Bits());
  if (E.Vector) {
    Lanes = {};
    Uniform = {};
    PerLane = {};
  } else {
    std::vector<uint16_t> Gone;
    for (const auto &[K, B] : Lanes.get())
      if (E.writesVector(uint16_t(K >> 8)) && (Gone.empty() || Gone.back() != (K >> 8)))
        Gone.push_back(uint16_t(K >> 8));
    for (const auto &[V, B] : Uniform.get())
      if (E.writesVector(V))
        Gone.push_back(V);
    for (const auto &[V, L] : PerLane.get())
      if (E.writesVector(V))
        Gone.push_back(V);
    for (uint16_t V : Gone)
      forgetVector({V, 1});
  }
  // The return address.
  uint64_t Return = I.Address + I.Size;
  write(I.op(0), Bits::of(uint32_t(Return)), Bits::of(uint32_t(Return >> 32)));
}

void ScalarMachine::executeSelect(const Instruction &I) {
  Bits Scc = Regs[reg::Scc];
  auto Pick = [&](unsigned Half) {
    Bits A = read(I.op(1), Half), B = read(I.op(2), Half);
    if (Scc.known())
      return Scc.V ? A : B;
    uint32_t Same = A.Known & B.Known & ~(A.V ^ B.V);
    return Bits{A.V & Same, Same};
  };
  write(I.op(0), Pick(0), high(I, Pick(1)));
}

void ScalarMachine::executeBitTest(const Instruction &I) {
  Bits Index = read(I.op(1));
  unsigned Mask = I.What.Width - 1;
  std::optional<bool> Bit;
  if ((Index.Known & Mask) == Mask) {
    unsigned B = Index.V & Mask;
    Bits Word = read(I.op(0), B >= 32 ? 1 : 0);
    if (Word.Known >> (B & 31) & 1)
      Bit = (Word.V >> (B & 31) & 1) != 0;
  }
  if (Bit && I.What.Op == Operation::Ne) // s_bitcmp0
    Bit = !*Bit;
  set(reg::Scc, sccBits(Bit));
}

void ScalarMachine::executeLogic(const Instruction &I) {
  Operation Op = I.What.Op;
  bool Wide = I.What.wide();
  Bits Lo = logic(Op, read(I.op(1)), read(I.op(2)));
  std::optional<Bits> Hi = high(I, logic(Op, read(I.op(1), 1), read(I.op(2), 1)));
  std::optional<bool> Nonzero = nonzero(Lo, Hi);
  // A wave that runs scalar code has a lane active, so a result that is
  // EXEC itself (EXEC AND all-ones, EXEC AND-NOT zero, EXEC OR zero: the
  // scope tests' forms) is nonzero.
  auto IsExec = [&](const Operand &O) {
    return O.isReg() && O.Reg.scalar() && (O.Reg.First == reg::ExecLo || ExecCopy[O.Reg.First]);
  };
  auto Is = [&](const Operand &O, uint32_t V) {
    return read(O) == Bits::of(V) && (!Wide || Wave == 32 || read(O, 1) == Bits::of(V));
  };
  const Operand &A = I.op(1), &B = I.op(2);
  bool IsExecItself = false;
  if (Op == Operation::And)
    IsExecItself = (IsExec(A) && (Is(B, ~0u) || IsExec(B))) || (IsExec(B) && Is(A, ~0u));
  else if (Op == Operation::AndNot)
    IsExecItself = IsExec(A) && Is(B, 0);
  else if (Op == Operation::Or)
    IsExecItself = (IsExec(A) && (Is(B, 0) || IsExec(B))) || (IsExec(B) && Is(A, 0));
  else if (Op == Operation::Xor)
    IsExecItself = (IsExec(A) && Is(B, 0)) || (IsExec(B) && Is(A, 0));
  if (!Nonzero && IsExecItself)
    Nonzero = true;
  write(I.op(0), Lo, Hi);
  set(reg::Scc, sccBits(Nonzero));
  if (IsExecItself && I.op(0).isReg() && I.op(0).Reg.scalar())
    ExecCopy[I.op(0).Reg.First] = true;
}

void ScalarMachine::executeShift(const Instruction &I) {
  Bits A = read(I.op(1)), B = read(I.op(2));
  Bits R;
  if ((B.Known & 31) == 31) {
    unsigned Sh = B.V & 31;
    uint32_t Low = Sh ? (1u << Sh) - 1 : 0;
    if (I.What.Op == Operation::ShiftLeft) {
      R = {A.V << Sh, (A.Known << Sh) | Low};
    } else if (I.What.Op == Operation::ShiftRight) {
      R = {A.V >> Sh, (A.Known >> Sh) | ~(~0u >> Sh)};
    } else {
      bool SignKnown = A.Known >> 31;
      uint32_t V = uint32_t(int32_t(A.V) >> Sh), K = A.Known >> Sh;
      if (SignKnown)
        K |= ~(~0u >> Sh);
      R = {V, K};
    }
  }
  write(I.op(0), R);
  set(reg::Scc, sccBits(nonzero(R, std::nullopt)));
}

void ScalarMachine::executeBitFieldExtract(const Instruction &I) {
  Bits A = read(I.op(1)), B = read(I.op(2));
  Bits R;
  if (A.known() && B.known()) {
    unsigned Off = B.V & 31, W = (B.V >> 16) & 0x7F;
    uint64_t V = W ? (uint64_t(A.V) >> Off) & ((W >= 32 ? ~0ull : (1ull << W) - 1)) : 0;
    if (I.What.Signed && W && W < 32 && (V >> (W - 1)) & 1)
      V |= ~((1ull << W) - 1);
    R = Bits::of(uint32_t(V));
  }
  write(I.op(0), R);
  set(reg::Scc, sccBits(nonzero(R, std::nullopt)));
}

void ScalarMachine::executeCompare(const Instruction &I) {
  const InstructionFamily &F = I.What;
  auto Value = [&](unsigned N) -> std::optional<int64_t> {
    Bits Lo = read(I.op(N)), Hi = F.wide() ? read(I.op(N), 1) : Bits::of(0);
    if (!Lo.known() || !Hi.known())
      return std::nullopt;
    uint64_t V = uint64_t(Lo.V) | (uint64_t(Hi.V) << 32);
    if (F.Imm16 && N == 1)
      V = F.Signed ? uint64_t(signExtend(V & 0xFFFF, 16)) : V & 0xFFFF;
    return F.Signed ? signExtend(V, F.Width) : int64_t(V);
  };
  std::optional<int64_t> A = Value(0), B = Value(1);
  std::optional<bool> R;
  if (A && B) {
    R = compareValues(F.Op, *A, *B, F.Signed);
  } else if (F.Op == Operation::Eq || F.Op == Operation::Ne) {
    // Two values whose known bits differ are not equal.
    for (unsigned H = 0; H < (F.wide() ? 2u : 1u); ++H) {
      Bits X = read(I.op(0), H), Y = read(I.op(1), H);
      if (F.Imm16)
        Y = Bits::of(uint32_t(I.op(1).Imm & 0xFFFF));
      if ((X.V ^ Y.V) & X.Known & Y.Known)
        R = F.Op == Operation::Ne;
    }
  }
  set(reg::Scc, sccBits(R));
}

void ScalarMachine::executeSaveExec(const Instruction &I) {
  bool Wide = I.What.wide();
  Bits Old[2] = {exec(0), exec(1)}, New[2];
  for (unsigned H = 0; H < (Wide ? 2u : 1u); ++H) {
    Operation Op = I.What.Op;
    Bits Src = read(I.op(1), H);
    // The forms s_<op>_saveexec computes from the source and EXEC.
    if (Op == Operation::And || Op == Operation::Or || Op == Operation::Xor || Op == Operation::AndNot)
      New[H] = logic(Op, Src, Old[H]);
  }
  write(I.op(0), Old[0], high(I, Old[1]));
  set(reg::ExecLo, New[0]);
  if (Wide)
    set(reg::ExecHi, New[1]);
  set(reg::Scc, sccBits(nonzero(New[0], high(I, New[1]))));
}

void ScalarMachine::executeAddSub(const Instruction &I) {
  const InstructionFamily &F = I.What;
  bool Sub = F.Op == Operation::Sub;
  Bits A = read(I.op(1)), B = read(I.op(2)), C = F.Carry ? Regs[reg::Scc] : Bits::of(0);
  if (A.known() && B.known() && C.known()) {
    uint64_t R = Sub ? uint64_t(A.V) - uint64_t(B.V) - (C.V & 1) : uint64_t(A.V) + uint64_t(B.V) + (C.V & 1);
    bool Out;
    if (F.Signed) {
      int64_t SR = Sub ? int64_t(int32_t(A.V)) - int32_t(B.V) : int64_t(int32_t(A.V)) + int32_t(B.V);
      Out = SR < INT32_MIN || SR > INT32_MAX;
    } else {
      Out = (R >> 32) != 0;
    }
    write(I.op(0), Bits::of(uint32_t(R)));
    set(reg::Scc, Bits::of(Out ? 1 : 0));
  } else if (!F.Carry) {
    // The low bits both sides know: (id << 2) + flags keeps its flags.
    forgetDefs(I);
    write(I.op(0), Sub ? subKnown(A, B) : addKnown(A, B));
  } else {
    forgetDefs(I);
  }
}

void ScalarMachine::executeAdd64(const Instruction &I) {
  Bits ALo = read(I.op(1)), AHi = read(I.op(1), 1), BLo = read(I.op(2)), BHi = read(I.op(2), 1);
  if (ALo.known() && AHi.known() && BLo.known() && BHi.known()) {
    uint64_t A = uint64_t(ALo.V) | (uint64_t(AHi.V) << 32), B = uint64_t(BLo.V) | (uint64_t(BHi.V) << 32);
    uint64_t R = I.What.Op == Operation::Sub ? A - B : A + B;
    write(I.op(0), Bits::of(uint32_t(R)), Bits::of(uint32_t(R >> 32)));
  } else {
    forgetDefs(I);
  }
}

std::optional<bool> ScalarMachine::branchTaken(const Instruction &I) const {
  if (I.Kind == Flow::Branch)
    return true;
  auto Mask = [&](uint16_t Lo) -> std::optional<bool> {
    if (ExecCopy[Lo])
      return true;
    return nonzero(Regs[Lo], Wave == 64 ? std::optional<Bits>(Regs[Lo + 1]) : std::nullopt);
  };
  auto Flip = [](std::optional<bool> B) { return B ? std::optional<bool>(!*B) : std::nullopt; };
  if (I.What.Kind != Family::CondBranch)
    return std::nullopt;
  switch (I.What.Op) {
  case Operation::SccZero:
  case Operation::SccOne: {
    Bits Scc = Regs[reg::Scc];
    if (!(Scc.Known & 1))
      return std::nullopt;
    return bool(Scc.V & 1) == (I.What.Op == Operation::SccOne);
  }
  case Operation::VccNonzero: return Mask(reg::VccLo);
  case Operation::VccZero: return Flip(Mask(reg::VccLo));
  case Operation::ExecNonzero: return Mask(reg::ExecLo);
  case Operation::ExecZero: return Flip(Mask(reg::ExecLo));
  default: return std::nullopt;
  }
}

Bits ScalarMachine::traceValue(const Instruction &I) const {
  if (I.What.Kind == Family::TraceImm)
    return I.Ops.empty() || !I.Ops[0].isImm() ? Bits() : Bits::of(uint32_t(I.Ops[0].Imm & 0xFFFF));
  if (I.What.Kind == Family::TraceM0)
    return Regs[reg::M0];
  return Bits();
}

std::optional<uint64_t> ScalarMachine::callTarget(const Instruction &I) const {
  if (I.Target)
    return I.Target;
  if (I.Ops.size() < 2 || !I.Ops[1].isReg() || !I.Ops[1].Reg.scalar() || I.Ops[1].Reg.Count < 2)
    return std::nullopt;
  Bits Lo = read(I.Ops[1]), Hi = read(I.Ops[1], 1);
  if (!Lo.known() || !Hi.known())
    return std::nullopt;
  return uint64_t(Lo.V) | (uint64_t(Hi.V) << 32);
}

void ScalarMachine::returnTo(const ScalarMachine &AtCall) {
  for (uint16_t R = 0; R < reg::NumScalar; ++R)
    if (!reg::callerSaved(R)) {
      Regs[R] = AtCall.Regs[R];
      ExecCopy[R] = AtCall.ExecCopy[R];
    }
  Slots = AtCall.Slots;
}

bool ScalarMachine::joinWith(const ScalarMachine &O) {
  bool Changed = false;
  for (uint16_t R = 0; R < reg::NumScalar; ++R) {
    uint32_t Known = Regs[R].Known & O.Regs[R].Known & ~(Regs[R].V ^ O.Regs[R].V);
    if (Known != Regs[R].Known) {
      Regs[R] = {Regs[R].V & Known, Known};
      Changed = true;
    }
    if (ExecCopy[R] && !O.ExecCopy[R]) {
      ExecCopy[R] = false;
      Changed = true;
    }
  }
  if (M0Written && !O.M0Written) {
    M0Written = false;
    Changed = true;
  }
  // Maps keep each entry both states have, with the bits both agree on.
  auto JoinBits = [](Bits A, Bits B) {
    uint32_t K = A.Known & B.Known & ~(A.V ^ B.V);
    return Bits{A.V & K, K};
  };
  auto JoinBitMap = [&](auto &Into, const auto &From) -> bool {
    bool Any = false;
    for (auto It = Into.begin(); It != Into.end();) {
      auto T = From.find(It->first);
      Bits J = T == From.end() ? Bits() : JoinBits(It->second, T->second);
      if (!J.Known) {
        It = Into.erase(It);
        Any = true;
        continue;
      }
      if (J != It->second) {
        It->second = J;
        Any = true;
      }
      ++It;
    }
    return Any;
  };
  auto JoinShared = [&](auto &Mine, const auto &Theirs, auto &&JoinMap) {
    if (Mine.sameAs(Theirs))
      return;
    auto Copy = Mine.get();
    if (JoinMap(Copy, Theirs.get())) {
      Mine.edit() = std::move(Copy);
      Changed = true;
    }
  };
  JoinShared(Lanes, O.Lanes, JoinBitMap);
  JoinShared(Uniform, O.Uniform, JoinBitMap);
  JoinShared(PerLane, O.PerLane, keepCommonLanes);
  JoinShared(Slots, O.Slots, [&](auto &Into, const auto &From) {
    bool Any = false;
    for (auto It = Into.begin(); It != Into.end();) {
      auto T = From.find(It->first);
      bool Drop = T == From.end() || T->second.Bases != It->second.Bases;
      if (!Drop) {
        Any |= JoinBitMap(It->second.Lanes, T->second.Lanes);
        Bits U = JoinBits(It->second.Uniform, T->second.Uniform);
        Any |= U != It->second.Uniform;
        It->second.Uniform = U;
        Drop = It->second.Lanes.empty() && !U.Known;
      }
      if (Drop) {
        It = Into.erase(It);
        Any = true;
      } else {
        ++It;
      }
    }
    return Any;
  });
  return Changed;
}

} // namespace sqtt::isa
