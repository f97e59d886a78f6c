// ScalarMachine.cpp - the interpreter of the scalar instructions markers
// depend on, over known bits.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"
#include "ScalarArithmetic.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <string_view>

namespace sqtt::isa {

using namespace scalar;

// The arithmetic the families share is in ScalarArithmetic.h; the families'
// executors (executeSelect ... executeAdd64) are in ScalarFamilies.cpp.

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

// Long because it is the interpreter's dispatch: one case per instruction
// family, most of them a line or two, the larger ones in ScalarFamilies.cpp.
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
