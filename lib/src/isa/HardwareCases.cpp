// HardwareCases.cpp - hardware-id cases for the verifier's walks.
#include "HardwareCases.h"

#include <algorithm>
#include <random>

namespace sqtt::isa {

std::vector<IdField> idFields(unsigned Generation, const ScopeMasks &M) {
  if (Generation == 9)
    return {{"wave", 4, 0, 4, M.Wave}, {"simd", 4, 4, 2, M.Simd}, {"cu", 4, 8, 4, M.Cu}, {"wg", 4, 16, 4, M.Wg}};
  return {{"wave", 23, 0, 5, M.Wave}, {"simd", 23, 8, 2, M.Simd}, {"cu", 23, 10, 4, M.Cu}, {"wg", 24, 16, 5, M.Wg}};
}

namespace {

/// Whether \p F's mask leaves out an id its field can hold: a mask with
/// every id set filters nothing (as the plugin compiles it), whatever its
/// spelling (0xFFFF or -1 for the CU).
bool filters(const IdField &F) {
  uint32_t All = F.Width >= 32 ? ~0u : (1u << F.Width) - 1;
  return (F.Mask & All) != All;
}

uint32_t fieldOf(const HardwareIds &Ids, const IdField &F) {
  uint32_t R = *Ids.of(F.HwReg);
  return (R >> F.Offset) & ((1u << F.Width) - 1);
}

} // namespace

std::vector<HardwareCase> hardwareCases(unsigned Generation, const ScopeMasks &Masks, const VerifyLimits &Limits) {
  std::vector<IdField> Fields = idFields(Generation, Masks);
  if (std::none_of(Fields.begin(), Fields.end(), filters))
    return {HardwareCase{HardwareIds{}, true, "any wave"}};
  std::mt19937 Rng(0x5c0be); // the same cases on every run
  auto Random = [&] {
    HardwareIds Ids;
    if (Generation == 9) {
      Ids.HwId = uint32_t(Rng());
    } else {
      Ids.HwId1 = uint32_t(Rng());
      Ids.HwId2 = uint32_t(Rng());
    }
    return Ids;
  };
  auto SetField = [](HardwareIds &Ids, const IdField &F, uint32_t Value) {
    std::optional<uint32_t> &R = F.HwReg == 4 ? Ids.HwId : F.HwReg == 23 ? Ids.HwId1 : Ids.HwId2;
    uint32_t Bits = ((1u << F.Width) - 1) << F.Offset;
    R = (*R & ~Bits) | ((Value << F.Offset) & Bits);
  };
  auto Finish = [&](HardwareCase C) {
    C.Selected = true;
    for (const IdField &F : Fields) {
      if (!filters(F))
        continue;
      uint32_t Id = fieldOf(C.Ids, F);
      if (Id >= 32 || !((F.Mask >> Id) & 1))
        C.Selected = false;
    }
    return C;
  };
  std::vector<HardwareCase> Cases;
  for (const IdField &F : Fields) {
    if (!filters(F))
      continue;
    for (uint32_t Value = 0; Value < (1u << F.Width); ++Value)
      for (unsigned S = 0; S < Limits.SamplesPerValue; ++S) {
        HardwareCase C;
        C.Ids = Random();
        SetField(C.Ids, F, Value);
        C.Label = std::string(F.Dimension) + " " + std::to_string(Value);
        Cases.push_back(Finish(C));
      }
  }
  for (unsigned I = 0; I < Limits.RandomCases; ++I) {
    HardwareCase C;
    C.Ids = Random();
    C.Label = "random ids";
    Cases.push_back(Finish(C));
  }
  return Cases;
}

} // namespace sqtt::isa
