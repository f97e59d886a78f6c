// VectorLanes.cpp - the scalar values the scalar machine follows through
// vector registers: SGPRs spilled to VGPR lanes (v_writelane/v_readlane),
// VGPRs holding one value in every lane, and both parked in scratch. -O0
// code keeps a scope test's result there between the test and the branch.
// And the lane id (v_mbcnt) with the masks compares against it give: a
// "lane == 0" block runs on one lane.
#include "sqtt/isa/ScalarMachine.h"

#include "KnownBits.h"

#include <map>
#include <string>
#include <string_view>

namespace sqtt::isa {

void ScalarMachine::forgetVector(const RegRange &R) {
  for (uint16_t I = 0; I < R.Count; ++I) {
    uint16_t V = uint16_t(R.First + I);
    if (Uniform.get().count(V))
      Uniform.edit().erase(V);
    if (PerLane.get().count(V))
      PerLane.edit().erase(V);
    const auto &L = Lanes.get();
    auto From = L.lower_bound(uint32_t(V) << 8), To = L.lower_bound(uint32_t(V + 1) << 8);
    if (From != To) {
      auto &M = Lanes.edit();
      M.erase(M.lower_bound(uint32_t(V) << 8), M.lower_bound(uint32_t(V + 1) << 8));
    }
  }
}

bool ScalarMachine::spill(const Instruction &I, bool Store) {
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

void ScalarMachine::executeReadLane(const Instruction &I) {
  Bits Lane = read(I.op(2));
  Bits V;
  if (Lane.known() && I.op(1).isReg() && !I.op(1).Reg.scalar()) {
    auto It = Lanes.get().find((uint32_t(I.op(1).Reg.First) << 8) | (Lane.V & 0xFF));
    if (It != Lanes.get().end())
      V = It->second;
  }
  write(I.op(0), V);
}

void ScalarMachine::executeWriteLane(const Instruction &I) {
  Bits Lane = read(I.op(2)), Value = read(I.op(1));
  if (!I.op(0).isReg() || I.op(0).Reg.scalar())
    return;
  uint16_t V = I.op(0).Reg.First;
  if (Uniform.get().count(V))
    Uniform.edit().erase(V);
  if (Lane.known())
    Lanes.edit()[(uint32_t(V) << 8) | (Lane.V & 0xFF)] = Value;
  else
    forgetVector(I.op(0).Reg);
}

bool ScalarMachine::executeVectorCopy(const Instruction &I) {
  const Operand &Dst = I.op(0), &Src = I.op(1);
  if (!Dst.isReg() || Dst.Reg.scalar() || Dst.Reg.Count != 1 || I.Ops.size() != 2)
    return false;
  uint16_t To = Dst.Reg.First;
  if (Src.isReg() && !Src.Reg.scalar() && Src.Reg.Count == 1) {
    // A whole-register copy keeps the spilled lanes: -O0 parks a spill
    // VGPR in an AGPR and back.
    std::map<uint32_t, Bits> Moved;
    const auto &L = Lanes.get();
    for (auto It = L.lower_bound(uint32_t(Src.Reg.First) << 8); It != L.end() && (It->first >> 8) == Src.Reg.First;
         ++It)
      Moved[(uint32_t(To) << 8) | (It->first & 0xFF)] = It->second;
    Bits U = uniform(Src);
    auto PerLaneSrc = PerLane.get().find(Src.Reg.First);
    std::optional<LaneValues> Values;
    if (PerLaneSrc != PerLane.get().end())
      Values = PerLaneSrc->second;
    forgetVector(Dst.Reg);
    if (!Moved.empty())
      Lanes.edit().insert(Moved.begin(), Moved.end());
    if (U.Known)
      Uniform.edit()[To] = U;
    if (Values)
      PerLane.edit()[To] = *Values;
  } else {
    Bits U = read(Src);
    forgetVector(Dst.Reg);
    if (U.Known)
      Uniform.edit()[To] = U;
  }
  return true;
}

bool ScalarMachine::executeVectorShiftCombine(const Instruction &I) {
  if (!I.op(0).isReg() || !I.op(0).Reg.vector() || I.Ops.size() != 4)
    return false;
  // (A << S) | B, (A << S) + B of lane-uniform bits: how -O0 forms a
  // numeric marker from a loaded ID and its flags.
  Bits A = uniform(I.op(1)), S = uniform(I.op(2)), B = uniform(I.op(3));
  Bits R;
  if ((S.Known & 31) == 31) {
    Bits Shifted = shiftLeft(A, S.V & 31);
    R = I.What.Op == Operation::Or ? bitOr(Shifted, B) : addKnown(Shifted, B);
  }
  forgetVector(I.op(0).Reg);
  if (R.Known)
    Uniform.edit()[I.op(0).Reg.First] = R;
  return true;
}

std::optional<ScalarMachine::LaneValues> ScalarMachine::laneValues(const Operand &O) const {
  if (O.isReg() && O.Reg.vector() && O.Reg.Count == 1) {
    auto It = PerLane.get().find(O.Reg.First);
    if (It != PerLane.get().end())
      return It->second;
  }
  Bits U = uniform(O);
  if (!U.known())
    return std::nullopt;
  LaneValues All;
  All.fill(U.V);
  return All;
}

bool ScalarMachine::keepCommonLanes(std::map<uint16_t, LaneValues> &Into,
                                   const std::map<uint16_t, LaneValues> &From) {
  bool Any = false;
  for (auto It = Into.begin(); It != Into.end();) {
    auto T = From.find(It->first);
    if (T == From.end() || T->second != It->second) {
      It = Into.erase(It);
      Any = true;
    } else {
      ++It;
    }
  }
  return Any;
}

void ScalarMachine::setLanes(uint16_t Vgpr, const LaneValues &Values) {
  forgetVector({Vgpr, 1});
  PerLane.edit()[Vgpr] = Values;
}

Bits ScalarMachine::firstActiveLane(const Operand &O) const {
  Bits U = uniform(O);
  if (U.known() || !O.isReg() || !O.Reg.vector())
    return U;
  auto It = PerLane.get().find(O.Reg.First);
  Bits Lo = exec(0), Hi = Wave == 64 ? exec(1) : Bits::of(0);
  if (It == PerLane.get().end() || !Lo.known() || !Hi.known())
    return U; // the bits every lane has alike, if any
  uint64_t Exec = uint64_t(Lo.V) | uint64_t(Hi.V) << 32;
  return Exec ? Bits::of(It->second[__builtin_ctzll(Exec)]) : U;
}

bool ScalarMachine::executeVectorArith(const Instruction &I) {
  // dst, src0, src1 (e64 forms may add a clamp or carry operand: not
  // modelled). The *rev forms shift src1 by src0.
  if (I.Ops.size() != 3 || !I.op(0).isReg() || !I.op(0).Reg.vector() || I.op(0).Reg.Count != 1)
    return false;
  std::optional<LaneValues> A = laneValues(I.op(1)), B = laneValues(I.op(2));
  uint16_t Dst = I.op(0).Reg.First;
  forgetVector(I.op(0).Reg);
  if (!A || !B)
    return true;
  if (I.What.Amount)
    std::swap(A, B); // value, amount
  LaneValues V;
  bool Same = true;
  for (unsigned L = 0; L < 64; ++L) {
    uint32_t X = (*A)[L], Y = (*B)[L];
    switch (I.What.Op) {
    case Operation::ShiftLeft: V[L] = X << (Y & 31); break;
    case Operation::ShiftRight: V[L] = X >> (Y & 31); break;
    case Operation::And: V[L] = X & Y; break;
    case Operation::Or: V[L] = X | Y; break;
    case Operation::Add: V[L] = X + Y; break;
    case Operation::Sub: V[L] = X - Y; break;
    default: return true;
    }
    Same = Same && V[L] == V[0];
  }
  if (Same)
    Uniform.edit()[Dst] = Bits::of(V[0]);
  else
    PerLane.edit()[Dst] = V;
  return true;
}

bool ScalarMachine::executeLaneCount(const Instruction &I) {
  // v_mbcnt_lo/hi dst, mask, base: each lane adds the set bits of the
  // mask's half below it (every bit of the low half for a lane of the high
  // half, none of the high half for one of the low half).
  if (I.Ops.size() != 3 || !I.op(0).isReg() || !I.op(0).Reg.vector())
    return false;
  Bits Mask = read(I.op(1));
  std::optional<LaneValues> Base = laneValues(I.op(2));
  uint16_t Dst = I.op(0).Reg.First;
  forgetVector(I.op(0).Reg);
  if (!Mask.known() || !Base)
    return true;
  unsigned Half = I.What.Amount; // 0: lanes 0-31 count; 32: lanes 32-63
  LaneValues V;
  for (unsigned L = 0; L < 64; ++L) {
    unsigned Below = L < Half ? 0 : std::min(L - Half, 32u);
    uint32_t Bits = Below == 32 ? Mask.V : Mask.V & ((1u << Below) - 1);
    V[L] = (*Base)[L] + uint32_t(__builtin_popcount(Bits));
  }
  PerLane.edit()[Dst] = V;
  return true;
}

void ScalarMachine::executeVectorCompare(const Instruction &I) {
  // A v_cmpx writes EXEC, and an SGPR only where it names one (gfx9's e64).
  bool WritesExec = I.What.Amount == 1;
  size_t First = I.What.E64 && (!WritesExec || I.Ops.size() == 3) ? 1 : 0;
  Bits OldLo = exec(0), OldHi = exec(1);
  std::optional<bool> Cond;
  std::optional<uint64_t> LaneMask; // lanes for which it holds, when they differ
  if (I.Ops.size() == First + 2) {
    Bits A = uniform(I.op(First)), B = uniform(I.op(First + 1));
    bool Signed = I.What.Signed;
    auto Holds = [&](uint32_t X, uint32_t Y) {
      return compareValues(I.What.Op, Signed ? int32_t(X) : int64_t(X), Signed ? int32_t(Y) : int64_t(Y), Signed);
    };
    if (A.known() && B.known()) {
      Cond = Holds(A.V, B.V);
    } else if (auto LA = laneValues(I.op(First)), LB = laneValues(I.op(First + 1)); LA && LB) {
      // A lane-id test: the lanes it holds for, among the active ones (a
      // compare writes 0 for an inactive lane).
      Bits ExLo = exec(0), ExHi = Wave == 64 ? exec(1) : Bits::of(0);
      if (ExLo.known() && ExHi.known()) {
        uint64_t M = 0;
        for (unsigned L = 0; L < Wave; ++L)
          M |= uint64_t(Holds((*LA)[L], (*LB)[L]).value_or(false) ? 1 : 0) << L;
        LaneMask = M & (uint64_t(ExLo.V) | uint64_t(ExHi.V) << 32);
      }
    }
  }
  forgetDefs(I);
  Operand Dst;
  if (First == 1) {
    Dst = I.op(0);
  } else if (!WritesExec) {
    Dst.K = Operand::Register;
    Dst.Reg = {reg::VccLo, uint16_t(Wave == 64 ? 2 : 1)};
  }
  if (WritesExec) {
    // EXEC keeps the active lanes the compare holds for.
    std::optional<uint64_t> Mask = LaneMask;
    if (!Mask && Cond && OldLo.known() && (Wave == 32 || OldHi.known()))
      Mask = *Cond ? (uint64_t(OldLo.V) | uint64_t(Wave == 64 ? OldHi.V : 0) << 32) : 0;
    set(reg::ExecLo, Mask ? Bits::of(uint32_t(*Mask)) : Bits());
    if (Wave == 64)
      set(reg::ExecHi, Mask ? Bits::of(uint32_t(*Mask >> 32)) : Bits());
    if (First == 0)
      return;
  }
  if (LaneMask) {
    write(Dst, Bits::of(uint32_t(*LaneMask)),
          Wave == 64 ? std::optional<Bits>(Bits::of(uint32_t(*LaneMask >> 32))) : std::nullopt);
    return;
  }
  if (!Cond)
    return;
  write(Dst, *Cond ? exec(0) : Bits::of(0), Wave == 64 ? std::optional<Bits>(*Cond ? exec(1) : Bits::of(0)) : std::nullopt);
  if (*Cond && Dst.Reg.scalar())
    ExecCopy[Dst.Reg.First] = true; // every active lane: EXEC itself
}

bool ScalarMachine::executeCndMask(const Instruction &I) {
  if (!I.op(0).isReg() || I.op(0).Reg.scalar())
    return false;
  // e64: vdst, src0, src1, ssel, or with source modifiers vdst, mods,
  // src0, mods, src1, ssel.
  const std::vector<Operand> &Ops = I.Ops;
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
  uint16_t Dst = I.op(0).Reg.First;
  forgetVector(I.op(0).Reg);
  if (!Src0)
    return true;
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
  return true;
}

} // namespace sqtt::isa
