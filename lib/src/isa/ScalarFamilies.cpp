// ScalarFamilies.cpp - the scalar machine's executors of the instruction
// families that take more than a line: selects, bit tests, logic, shifts,
// bit-field extracts, compares, EXEC saves and additions, over known bits.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"
#include "ScalarArithmetic.h"

#include <algorithm>
#include <cstring>

namespace sqtt::isa {

using namespace scalar;

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

} // namespace sqtt::isa
