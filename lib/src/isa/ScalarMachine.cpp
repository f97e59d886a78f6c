// ScalarMachine.cpp - the interpreter of the scalar instructions markers
// depend on, over known bits.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"
#include "Mnemonic.h"

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


/// "s_and_b64" -> {"and", 64}; the operation between "s_" and the type.
struct Shape {
  std::string_view Op;
  unsigned Width = 32;
  bool Signed = false;
};
Shape shapeOf(std::string_view Mn) {
  Shape S;
  size_t Last = Mn.rfind('_');
  if (!startsWith(Mn, "s_") || Last == std::string_view::npos || Last < 2)
    return S;
  std::string_view Type = Mn.substr(Last + 1);
  if (Type == "b32" || Type == "u32" || Type == "i32" || Type == "b64" || Type == "u64" || Type == "i64") {
    S.Op = Mn.substr(2, Last - 2);
    S.Width = Type[1] == '6' ? 64 : 32;
    S.Signed = Type[0] == 'i';
  }
  return S;
}

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
  std::string_view Mn = I.Mnemonic;
  auto Op = [&](size_t N) -> const Operand & { return I.op(N); };
  auto ForgetDefs = [&] { forgetDefs(I); };
  Shape S = shapeOf(Mn);
  bool Wide = S.Width == 64;

  if (I.Kind == Flow::Call) {
    const CallEffect Unknown = CallEffect::unknownCallee();
    const CallEffect &E = Callee ? *Callee : Unknown;
    for (uint16_t R = 0; R < reg::NumScalar; ++R)
      if (E.Scalar[R])
        set(R, Bits());
    if (E.Vector) {
      Lanes = {};
      Uniform = {};
    } else {
      std::vector<uint16_t> Gone;
      for (const auto &[K, B] : Lanes.get())
        if (E.writesVector(uint16_t(K >> 8)) && (Gone.empty() || Gone.back() != (K >> 8)))
          Gone.push_back(uint16_t(K >> 8));
      for (const auto &[V, B] : Uniform.get())
        if (E.writesVector(V))
          Gone.push_back(V);
      for (uint16_t V : Gone)
        forgetVector({V, 1});
    }
    // The return address.
    uint64_t Return = I.Address + I.Size;
    write(Op(0), Bits::of(uint32_t(Return)), Bits::of(uint32_t(Return >> 32)));
    return;
  }
  if (Mn == "s_getreg_b32") {
    uint32_t Imm = uint32_t(Op(1).Imm);
    unsigned Id = Imm & 0x3F, Offset = (Imm >> 6) & 0x1F, Size = ((Imm >> 11) & 0x1F) + 1;
    std::optional<uint32_t> Value = Hw.of(Id);
    write(Op(0), Value ? Bits::of(uint32_t((uint64_t(*Value) >> Offset) & ((1ull << Size) - 1))) : Bits());
    return;
  }
  if (Mn == "s_getpc_b64" || Mn == "s_get_pc_i64") {
    uint64_t Next = I.Address + I.Size;
    write(Op(0), Bits::of(uint32_t(Next)), Bits::of(uint32_t(Next >> 32)));
    return;
  }
  if (Mn == "s_sext_i32_i16" || Mn == "s_sext_i32_i8") {
    // gfx12's s_getpc_b64 leaves the high word to be sign-extended from 16 bits.
    Bits A = read(Op(1));
    unsigned From = Mn == "s_sext_i32_i16" ? 16 : 8;
    uint32_t Low = (1u << From) - 1;
    write(Op(0), (A.Known & Low) == Low ? Bits::of(uint32_t(signExtend(A.V & Low, From))) : Bits());
    return;
  }
  if (Mn == "s_add_nc_u64" || Mn == "s_add_u64" || Mn == "s_sub_nc_u64") {
    Bits ALo = read(Op(1)), AHi = read(Op(1), 1), BLo = read(Op(2)), BHi = read(Op(2), 1);
    if (ALo.known() && AHi.known() && BLo.known() && BHi.known()) {
      uint64_t A = uint64_t(ALo.V) | (uint64_t(AHi.V) << 32), B = uint64_t(BLo.V) | (uint64_t(BHi.V) << 32);
      uint64_t R = Mn == "s_sub_nc_u64" ? A - B : A + B;
      write(Op(0), Bits::of(uint32_t(R)), Bits::of(uint32_t(R >> 32)));
    } else {
      ForgetDefs();
    }
    return;
  }
  if (Mn == "s_movk_i32") {
    write(Op(0), Bits::of(uint32_t(signExtend(uint64_t(Op(1).Imm) & 0xFFFF, 16))));
    return;
  }
  if (S.Op == "mov") {
    write(Op(0), read(Op(1)), Wide ? std::optional<Bits>(read(Op(1), 1)) : std::nullopt);
    return;
  }
  if (S.Op == "cmov") {
    Bits Scc = Regs[reg::Scc];
    if (!Scc.known()) {
      ForgetDefs();
    } else if (Scc.V) {
      write(Op(0), read(Op(1)), Wide ? std::optional<Bits>(read(Op(1), 1)) : std::nullopt);
    }
    return;
  }
  if (S.Op == "cselect") {
    Bits Scc = Regs[reg::Scc];
    auto Pick = [&](unsigned Half) {
      Bits A = read(Op(1), Half), B = read(Op(2), Half);
      if (Scc.known())
        return Scc.V ? A : B;
      uint32_t Same = A.Known & B.Known & ~(A.V ^ B.V);
      return Bits{A.V & Same, Same};
    };
    write(Op(0), Pick(0), Wide ? std::optional<Bits>(Pick(1)) : std::nullopt);
    return;
  }
  if (S.Op == "bitcmp1" || S.Op == "bitcmp0") {
    Bits Index = read(Op(1));
    unsigned Mask = S.Width - 1;
    std::optional<bool> Bit;
    if ((Index.Known & Mask) == Mask) {
      unsigned B = Index.V & Mask;
      Bits Word = read(Op(0), B >= 32 ? 1 : 0);
      if (Word.Known >> (B & 31) & 1)
        Bit = (Word.V >> (B & 31) & 1) != 0;
    }
    if (Bit && S.Op == "bitcmp0")
      Bit = !*Bit;
    set(reg::Scc, sccBits(Bit));
    return;
  }
  // Two-operand logic: and, or, xor and the negated forms.
  static const char *const Logic[] = {"and", "or", "xor", "andn2", "and_not1", "orn2", "or_not1", "nand", "nor", "xnor"};
  for (const char *L : Logic)
    if (S.Op == L) {
      auto Apply = [&](Bits A, Bits B) {
        std::string_view N = S.Op;
        if (N == "and")
          return bitAnd(A, B);
        if (N == "or")
          return bitOr(A, B);
        if (N == "xor")
          return bitXor(A, B);
        if (N == "andn2" || N == "and_not1")
          return bitAnd(A, bitNot(B));
        if (N == "orn2" || N == "or_not1")
          return bitOr(A, bitNot(B));
        if (N == "nand")
          return bitNot(bitAnd(A, B));
        if (N == "nor")
          return bitNot(bitOr(A, B));
        return bitNot(bitXor(A, B));
      };
      Bits Lo = Apply(read(Op(1)), read(Op(2)));
      std::optional<Bits> Hi;
      if (Wide)
        Hi = Apply(read(Op(1), 1), read(Op(2), 1));
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
      bool IsExecItself = false;
      std::string_view N = S.Op;
      if (N == "and")
        IsExecItself = (IsExec(Op(1)) && (Is(Op(2), ~0u) || IsExec(Op(2)))) || (IsExec(Op(2)) && Is(Op(1), ~0u));
      else if (N == "andn2" || N == "and_not1")
        IsExecItself = IsExec(Op(1)) && Is(Op(2), 0);
      else if (N == "or")
        IsExecItself = (IsExec(Op(1)) && (Is(Op(2), 0) || IsExec(Op(2)))) || (IsExec(Op(2)) && Is(Op(1), 0));
      else if (N == "xor")
        IsExecItself = (IsExec(Op(1)) && Is(Op(2), 0)) || (IsExec(Op(2)) && Is(Op(1), 0));
      if (!Nonzero && IsExecItself)
        Nonzero = true;
      write(Op(0), Lo, Hi);
      set(reg::Scc, sccBits(Nonzero));
      if (IsExecItself && Op(0).isReg() && Op(0).Reg.scalar())
        ExecCopy[Op(0).Reg.First] = true;
      return;
    }
  if (S.Op == "not") {
    Bits Lo = bitNot(read(Op(1)));
    std::optional<Bits> Hi;
    if (Wide)
      Hi = bitNot(read(Op(1), 1));
    write(Op(0), Lo, Hi);
    set(reg::Scc, sccBits(nonzero(Lo, Hi)));
    return;
  }
  if ((S.Op == "lshl" || S.Op == "lshr" || S.Op == "ashr") && !Wide) {
    Bits A = read(Op(1)), B = read(Op(2));
    Bits R;
    if ((B.Known & 31) == 31) {
      unsigned Sh = B.V & 31;
      uint32_t Low = Sh ? (1u << Sh) - 1 : 0;
      if (S.Op == "lshl") {
        R = {A.V << Sh, (A.Known << Sh) | Low};
      } else if (S.Op == "lshr") {
        R = {A.V >> Sh, (A.Known >> Sh) | ~(~0u >> Sh)};
      } else {
        bool SignKnown = A.Known >> 31;
        uint32_t V = uint32_t(int32_t(A.V) >> Sh), K = A.Known >> Sh;
        if (SignKnown)
          K |= ~(~0u >> Sh);
        R = {V, K};
      }
    }
    write(Op(0), R);
    set(reg::Scc, sccBits(nonzero(R, std::nullopt)));
    return;
  }
  if (S.Op == "bfe" && !Wide) {
    Bits A = read(Op(1)), B = read(Op(2));
    Bits R;
    if (A.known() && B.known()) {
      unsigned Off = B.V & 31, W = (B.V >> 16) & 0x7F;
      uint64_t V = W ? (uint64_t(A.V) >> Off) & ((W >= 32 ? ~0ull : (1ull << W) - 1)) : 0;
      if (S.Signed && W && W < 32 && (V >> (W - 1)) & 1)
        V |= ~((1ull << W) - 1);
      R = Bits::of(uint32_t(V));
    }
    write(Op(0), R);
    set(reg::Scc, sccBits(nonzero(R, std::nullopt)));
    return;
  }
  if (startsWith(S.Op, "cmp_") || startsWith(S.Op, "cmpk_")) {
    std::string_view Cond = S.Op.substr(S.Op.find('_') + 1);
    auto Value = [&](unsigned N) -> std::optional<int64_t> {
      Bits Lo = read(Op(N)), Hi = Wide ? read(Op(N), 1) : Bits::of(0);
      if (!Lo.known() || !Hi.known())
        return std::nullopt;
      uint64_t V = uint64_t(Lo.V) | (uint64_t(Hi.V) << 32);
      if (startsWith(S.Op, "cmpk_") && N == 1)
        V = S.Signed ? uint64_t(signExtend(V & 0xFFFF, 16)) : V & 0xFFFF;
      return S.Signed ? signExtend(V, S.Width) : int64_t(V);
    };
    std::optional<int64_t> A = Value(0), B = Value(1);
    std::optional<bool> R;
    if (A && B) {
      bool Unsigned = !S.Signed;
      uint64_t UA = uint64_t(*A), UB = uint64_t(*B);
      if (Cond == "eq")
        R = *A == *B;
      else if (Cond == "lg")
        R = *A != *B;
      else if (Cond == "gt")
        R = Unsigned ? UA > UB : *A > *B;
      else if (Cond == "ge")
        R = Unsigned ? UA >= UB : *A >= *B;
      else if (Cond == "lt")
        R = Unsigned ? UA < UB : *A < *B;
      else if (Cond == "le")
        R = Unsigned ? UA <= UB : *A <= *B;
    } else if (Cond == "eq" || Cond == "lg") {
      // Two values whose known bits differ are not equal.
      for (unsigned H = 0; H < (Wide ? 2u : 1u); ++H) {
        Bits X = read(Op(0), H), Y = read(Op(1), H);
        if (startsWith(S.Op, "cmpk_"))
          Y = Bits::of(uint32_t(Op(1).Imm & 0xFFFF));
        if ((X.V ^ Y.V) & X.Known & Y.Known)
          R = Cond == "lg";
      }
    }
    set(reg::Scc, sccBits(R));
    return;
  }
  if (endsWith(S.Op, "_saveexec")) {
    std::string_view Base = S.Op.substr(0, S.Op.size() - 9);
    unsigned Halves = Wide ? 2 : 1;
    Bits Old[2] = {exec(0), exec(1)}, New[2];
    for (unsigned H = 0; H < Halves; ++H) {
      Bits Src = read(Op(1), H);
      if (Base == "and")
        New[H] = bitAnd(Src, Old[H]);
      else if (Base == "or")
        New[H] = bitOr(Src, Old[H]);
      else if (Base == "xor")
        New[H] = bitXor(Src, Old[H]);
      else if (Base == "andn2" || Base == "and_not1")
        New[H] = bitAnd(Src, bitNot(Old[H]));
      else
        New[H] = Bits();
    }
    write(Op(0), Old[0], Wide ? std::optional<Bits>(Old[1]) : std::nullopt);
    set(reg::ExecLo, New[0]);
    if (Wide)
      set(reg::ExecHi, New[1]);
    set(reg::Scc, sccBits(nonzero(New[0], Wide ? std::optional<Bits>(New[1]) : std::nullopt)));
    return;
  }
  if (!Wide && (S.Op == "lshl1_add" || S.Op == "lshl2_add" || S.Op == "lshl3_add" || S.Op == "lshl4_add")) {
    // (A << N) + B: how a numeric marker's value is formed from a register
    // ID and the flag bits (the flags stay known when the ID is data).
    unsigned N = unsigned(S.Op[4] - '0');
    Bits A = read(Op(1)), B = read(Op(2));
    Bits R = addKnown(shiftLeft(A, N), B);
    write(Op(0), R);
    set(reg::Scc, R.known() && A.known() ? Bits::of(((uint64_t(A.V) << N) + B.V) >> 32 ? 1 : 0) : Bits());
    return;
  }
  // Adds and subtracts with carry: how a call's target is formed.
  if (!Wide && (S.Op == "add" || S.Op == "addc" || S.Op == "sub" || S.Op == "subb" || S.Op == "add_co" ||
                S.Op == "add_co_ci" || S.Op == "sub_co" || S.Op == "sub_co_ci")) {
    bool Carry = S.Op == "addc" || S.Op == "subb" || S.Op == "add_co_ci" || S.Op == "sub_co_ci";
    bool Sub = startsWith(S.Op, "sub");
    Bits A = read(Op(1)), B = read(Op(2)), C = Carry ? Regs[reg::Scc] : Bits::of(0);
    if (A.known() && B.known() && C.known()) {
      uint64_t R = Sub ? uint64_t(A.V) - uint64_t(B.V) - (C.V & 1) : uint64_t(A.V) + uint64_t(B.V) + (C.V & 1);
      bool Out;
      if (S.Signed) {
        int64_t SR = Sub ? int64_t(int32_t(A.V)) - int32_t(B.V) : int64_t(int32_t(A.V)) + int32_t(B.V);
        Out = SR < INT32_MIN || SR > INT32_MAX;
      } else {
        Out = (R >> 32) != 0;
      }
      write(Op(0), Bits::of(uint32_t(R)));
      set(reg::Scc, Bits::of(Out ? 1 : 0));
    } else if (!Carry) {
      // The low bits both sides know: (id << 2) + flags keeps its flags.
      ForgetDefs();
      write(Op(0), Sub ? subKnown(A, B) : addKnown(A, B));
    } else {
      ForgetDefs();
    }
    return;
  }

  if (executeVectorOp(I))
    return;
  // Anything else: what it writes becomes unknown (SCC included, where the
  // instruction's description says it writes it).
  ForgetDefs();
}

std::optional<bool> ScalarMachine::branchTaken(const Instruction &I) const {
  std::string_view Mn = I.Mnemonic;
  if (I.Kind == Flow::Branch)
    return true;
  auto Mask = [&](uint16_t Lo) -> std::optional<bool> {
    if (ExecCopy[Lo])
      return true;
    return nonzero(Regs[Lo], Wave == 64 ? std::optional<Bits>(Regs[Lo + 1]) : std::nullopt);
  };
  auto Flip = [](std::optional<bool> B) { return B ? std::optional<bool>(!*B) : std::nullopt; };
  if (Mn == "s_cbranch_scc0" || Mn == "s_cbranch_scc1") {
    Bits Scc = Regs[reg::Scc];
    if (!(Scc.Known & 1))
      return std::nullopt;
    return bool(Scc.V & 1) == (Mn == "s_cbranch_scc1");
  }
  if (Mn == "s_cbranch_vccnz")
    return Mask(reg::VccLo);
  if (Mn == "s_cbranch_vccz")
    return Flip(Mask(reg::VccLo));
  if (Mn == "s_cbranch_execnz")
    return Mask(reg::ExecLo);
  if (Mn == "s_cbranch_execz")
    return Flip(Mask(reg::ExecLo));
  return std::nullopt;
}

Bits ScalarMachine::traceValue(const Instruction &I) const {
  if (I.Mnemonic == "s_ttracedata_imm")
    return I.Ops.empty() || !I.Ops[0].isImm() ? Bits() : Bits::of(uint32_t(I.Ops[0].Imm & 0xFFFF));
  if (I.Mnemonic == "s_ttracedata")
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
