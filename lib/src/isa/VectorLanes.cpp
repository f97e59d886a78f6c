// VectorLanes.cpp - the scalar values the scalar machine follows through
// vector registers: SGPRs spilled to VGPR lanes (v_writelane/v_readlane),
// VGPRs holding one value in every lane, and both parked in scratch. -O0
// code keeps a scope test's result there between the test and the branch.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"
#include "Mnemonic.h"

#include <map>
#include <string>
#include <string_view>

namespace sqtt::isa {

void ScalarMachine::forgetVector(const RegRange &R) {
  for (uint16_t I = 0; I < R.Count; ++I) {
    uint16_t V = uint16_t(R.First + I);
    if (Uniform.get().count(V))
      Uniform.edit().erase(V);
    const auto &L = Lanes.get();
    auto From = L.lower_bound(uint32_t(V) << 8), To = L.lower_bound(uint32_t(V + 1) << 8);
    if (From != To) {
      auto &M = Lanes.edit();
      M.erase(M.lower_bound(uint32_t(V) << 8), M.lower_bound(uint32_t(V + 1) << 8));
    }
  }
}

bool ScalarMachine::spill(const Instruction &I) {
  std::string_view Mn = I.Mnemonic;
  if (!startsWith(Mn, "scratch_") && !startsWith(Mn, "buffer_"))
    return false;
  bool Store = endsWith(Mn, "_store_dword") || endsWith(Mn, "_store_b32");
  bool Load = endsWith(Mn, "_load_dword") || endsWith(Mn, "_load_b32");
  if (!Store && !Load)
    return false;
  // The one VGPR operand is the data (no VGPR address: "off"); the rest
  // addresses the slot.
  const Operand *Data = nullptr;
  std::string Key;
  std::vector<uint16_t> Bases;
  for (const Operand &O : I.Ops) {
    if (O.isReg() && O.Reg.vector()) {
      if (Data)
        return false;
      Data = &O;
    } else if (O.isReg() && O.Reg.Count == 4) {
      // The scratch buffer's resource (s[0:3]): the same for every slot of
      // the wave, not what tells slots apart.
      continue;
    } else if (O.isReg()) {
      for (uint16_t R = 0; R < O.Reg.Count; ++R)
        Bases.push_back(uint16_t(O.Reg.First + R));
      Key += "r" + std::to_string(O.Reg.First) + ":" + std::to_string(O.Reg.Count);
    } else if (O.isImm()) {
      Key += "i" + std::to_string(O.Imm);
    }
  }
  if (!Data || Data->Reg.Count != 1)
    return false;
  uint16_t V = Data->Reg.First;
  if (Store) {
    Slot S;
    S.Bases = Bases;
    const auto &L = Lanes.get();
    for (auto It = L.lower_bound(uint32_t(V) << 8); It != L.end() && (It->first >> 8) == V; ++It)
      S.Lanes[uint8_t(It->first & 0xFF)] = It->second;
    auto U = Uniform.get().find(V);
    if (U != Uniform.get().end())
      S.Uniform = U->second;
    Slots.edit()[Key] = std::move(S);
  } else {
    forgetVector(Data->Reg);
    auto It = Slots.get().find(Key);
    if (It != Slots.get().end()) {
      if (!It->second.Lanes.empty()) {
        auto &M = Lanes.edit();
        for (const auto &[Lane, B] : It->second.Lanes)
          M[(uint32_t(V) << 8) | Lane] = B;
      }
      if (It->second.Uniform.Known)
        Uniform.edit()[V] = It->second.Uniform;
    }
  }
  return true;
}

bool ScalarMachine::executeVectorOp(const Instruction &I) {
  std::string_view Mn = I.Mnemonic;
  const std::vector<Operand> &Ops = I.Ops;
  auto Op = [&](size_t N) -> const Operand & { return I.op(N); };
  auto ForgetDefs = [&] { forgetDefs(I); };
  if (spill(I))
    return true;
  // Vector instructions that carry scalar values.
  if (Mn == "v_readfirstlane_b32") {
    write(Op(0), uniform(Op(1)));
    return true;
  }
  if (Mn == "v_readlane_b32") {
    Bits Lane = read(Op(2));
    Bits V;
    if (Lane.known() && Op(1).isReg() && !Op(1).Reg.scalar()) {
      auto It = Lanes.get().find((uint32_t(Op(1).Reg.First) << 8) | (Lane.V & 0xFF));
      if (It != Lanes.get().end())
        V = It->second;
    }
    write(Op(0), V);
    return true;
  }
  if (Mn == "v_writelane_b32") {
    Bits Lane = read(Op(2)), Value = read(Op(1));
    if (Op(0).isReg() && !Op(0).Reg.scalar()) {
      uint16_t V = Op(0).Reg.First;
      if (Uniform.get().count(V))
        Uniform.edit().erase(V);
      if (Lane.known())
        Lanes.edit()[(uint32_t(V) << 8) | (Lane.V & 0xFF)] = Value;
      else
        forgetVector(Op(0).Reg);
    }
    return true;
  }
  bool Copy = startsWith(Mn, "v_accvgpr_write") || startsWith(Mn, "v_accvgpr_read") ||
              startsWith(Mn, "v_accvgpr_mov") || Mn == "v_mov_b32_e32" || Mn == "v_mov_b32";
  if (Copy && Op(0).isReg() && !Op(0).Reg.scalar() && Op(0).Reg.Count == 1 && Ops.size() == 2) {
    uint16_t Dst = Op(0).Reg.First;
    const Operand &Src = Op(1);
    if (Src.isReg() && !Src.Reg.scalar() && Src.Reg.Count == 1) {
      // A whole-register copy keeps the spilled lanes: -O0 parks a spill
      // VGPR in an AGPR and back.
      std::map<uint32_t, Bits> Moved;
      const auto &L = Lanes.get();
      for (auto It = L.lower_bound(uint32_t(Src.Reg.First) << 8);
           It != L.end() && (It->first >> 8) == Src.Reg.First; ++It)
        Moved[(uint32_t(Dst) << 8) | (It->first & 0xFF)] = It->second;
      Bits U = uniform(Src);
      forgetVector(Op(0).Reg);
      if (!Moved.empty())
        Lanes.edit().insert(Moved.begin(), Moved.end());
      if (U.Known)
        Uniform.edit()[Dst] = U;
    } else {
      Bits U = read(Src);
      forgetVector(Op(0).Reg);
      if (U.Known)
        Uniform.edit()[Dst] = U;
    }
    return true;
  }
  if ((startsWith(Mn, "v_lshl_or_b32") || startsWith(Mn, "v_lshl_add_u32")) && Op(0).isReg() &&
      Op(0).Reg.vector() && Ops.size() == 4) {
    // (A << S) | B, (A << S) + B of lane-uniform bits: how -O0 forms a
    // numeric marker from a loaded ID and its flags.
    Bits A = uniform(Op(1)), S = uniform(Op(2)), B = uniform(Op(3));
    Bits R;
    if ((S.Known & 31) == 31) {
      Bits Shifted = shiftLeft(A, S.V & 31);
      R = startsWith(Mn, "v_lshl_or") ? bitOr(Shifted, B) : addKnown(Shifted, B);
    }
    forgetVector(Op(0).Reg);
    if (R.Known)
      Uniform.edit()[Op(0).Reg.First] = R;
    return true;
  }
  if (startsWith(Mn, "v_cmp_") && !startsWith(Mn, "v_cmpx") &&
      (endsWith(Mn, "_u32_e32") || endsWith(Mn, "_i32_e32") || endsWith(Mn, "_u32_e64") || endsWith(Mn, "_i32_e64"))) {
    bool E64 = endsWith(Mn, "_e64");
    size_t First = E64 ? 1 : 0;
    std::optional<bool> Cond;
    if (Ops.size() == First + 2) {
      Bits A = uniform(Op(First)), B = uniform(Op(First + 1));
      if (A.known() && B.known()) {
        std::string_view C = Mn.substr(6, 2);
        bool Signed = Mn.find("_i32_") != std::string_view::npos;
        int64_t X = Signed ? int32_t(A.V) : int64_t(A.V), Y = Signed ? int32_t(B.V) : int64_t(B.V);
        if (C == "eq")
          Cond = X == Y;
        else if (C == "ne" || C == "lg")
          Cond = X != Y;
        else if (C == "gt")
          Cond = X > Y;
        else if (C == "ge")
          Cond = X >= Y;
        else if (C == "lt")
          Cond = X < Y;
        else if (C == "le")
          Cond = X <= Y;
      }
    }
    ForgetDefs();
    if (Cond) {
      Operand Dst;
      if (E64) {
        Dst = Op(0);
      } else {
        Dst.K = Operand::Register;
        Dst.Reg = {reg::VccLo, uint16_t(Wave == 64 ? 2 : 1)};
      }
      write(Dst, *Cond ? exec(0) : Bits::of(0), Wave == 64 ? std::optional<Bits>(*Cond ? exec(1) : Bits::of(0)) : std::nullopt);
      if (*Cond && Dst.Reg.scalar())
        ExecCopy[Dst.Reg.First] = true; // every active lane: EXEC itself
    }
    return true;
  }
  if (startsWith(Mn, "v_cndmask_b32") && Op(0).isReg() && !Op(0).Reg.scalar()) {
    // e64: vdst, src0, src1, ssel, or with source modifiers vdst, mods,
    // src0, mods, src1, ssel.
    const Operand *Src0 = nullptr, *Src1 = nullptr, *Sel = nullptr;
    Operand Vcc;
    Vcc.K = Operand::Register;
    Vcc.Reg = {reg::VccLo, uint16_t(Wave == 64 ? 2 : 1)};
    if (Ops.size() == 3) {
      Src0 = &Ops[1], Src1 = &Ops[2], Sel = &Vcc;
    } else if (Ops.size() == 4) {
      Src0 = &Ops[1], Src1 = &Ops[2], Sel = &Ops[3];
    } else if (Ops.size() == 6) {
      Src0 = &Ops[2], Src1 = &Ops[4], Sel = &Ops[5];
    }
    uint16_t Dst = Op(0).Reg.First;
    forgetVector(Op(0).Reg);
    if (Src0) {
      Bits SelLo = read(*Sel), SelHi = Wave == 64 ? read(*Sel, 1) : Bits::of(0);
      Bits ExLo = exec(0), ExHi = Wave == 64 ? exec(1) : Bits::of(0);
      Bits A = uniform(*Src0), B = uniform(*Src1);
      std::optional<Bits> V;
      bool AllOnes = SelLo == Bits::of(~0u) && (Wave == 32 || SelHi == Bits::of(~0u));
      if (AllOnes || (Sel->isReg() && Sel->Reg.scalar() && ExecCopy[Sel->Reg.First])) {
        V = B; // a selector of every lane
      } else if (SelLo == Bits::of(0) && (Wave == 32 || SelHi == Bits::of(0))) {
        V = A;
      } else if (SelLo.known() && SelHi.known() && ExLo.known() && ExHi.known()) {
        if ((SelLo.V & ExLo.V) == ExLo.V && (SelHi.V & ExHi.V) == ExHi.V)
          V = B; // every active lane selects src1
        else if (!(SelLo.V & ExLo.V) && !(SelHi.V & ExHi.V))
          V = A;
      }
      if (V && V->Known)
        Uniform.edit()[Dst] = *V;
    }
    return true;
  }
  return false;
}

} // namespace sqtt::isa
