// HardwareCases.cpp - hardware-id cases for the verifier's walks. Which field
// a dimension reads and which ids a mask selects are hardware_ids.hpp's, the
// same definitions the plugin compiles its scope tests from.
#include "HardwareCases.h"

#include <algorithm>
#include <random>

namespace sqtt::isa {

std::vector<IdField> idFields(hwid::generation Generation, const ScopeMasks &M) {
  if (Generation == hwid::generation::unknown)
    return {};
  std::vector<IdField> Fields;
  for (hwid::dimension D : hwid::dimensions)
    Fields.push_back({D, hwid::field_of(Generation, D), M.of(D)});
  return Fields;
}

namespace {

uint32_t fieldOf(const HardwareIds &Ids, const IdField &F) { return F.Field.extract(*Ids.of(F.Field.hwreg)); }

bool selectedByAll(const HardwareIds &Ids, const std::vector<IdField> &Fields) {
  return std::all_of(Fields.begin(), Fields.end(), [&](const IdField &F) {
    return !F.filters() || F.Field.selects(F.Mask, fieldOf(Ids, F));
  });
}

} // namespace

std::vector<HardwareCase> hardwareCases(hwid::generation Generation, const ScopeMasks &Masks,
                                        const VerifyLimits &Limits) {
  std::vector<IdField> Fields = idFields(Generation, Masks);
  if (std::none_of(Fields.begin(), Fields.end(), [](const IdField &F) { return F.filters(); }))
    return {HardwareCase{HardwareIds{}, true, "any wave"}};
  std::mt19937 Rng(0x5c0be); // the same cases on every run
  auto Random = [&] {
    HardwareIds Ids;
    if (Generation == hwid::generation::gfx9) {
      Ids.HwId = uint32_t(Rng());
    } else {
      Ids.HwId1 = uint32_t(Rng());
      Ids.HwId2 = uint32_t(Rng());
    }
    return Ids;
  };
  auto Finish = [&](HardwareCase C) {
    C.Selected = selectedByAll(C.Ids, Fields);
    return C;
  };
  // The first sample of each value puts the other filtered fields on an id
  // their masks select, so that this field alone decides; the others are
  // random there too.
  auto SetField = [](HardwareIds &Ids, const IdField &F, uint32_t Value) {
    std::optional<uint32_t> &R = Ids.registerOf(F.Field.hwreg);
    R = F.Field.insert(*R, Value);
  };
  auto FirstSelected = [](const IdField &F) -> std::optional<uint32_t> {
    for (uint32_t Id = 0; Id < F.Field.id_count(); ++Id)
      if (F.Field.selects(F.Mask, Id))
        return Id;
    return std::nullopt;
  };
  std::vector<HardwareCase> Cases;
  for (const IdField &F : Fields) {
    if (!F.filters())
      continue;
    for (uint32_t Value = 0; Value < F.Field.id_count(); ++Value)
      for (unsigned S = 0; S < Limits.SamplesPerValue; ++S) {
        HardwareCase C;
        C.Ids = Random();
        if (S == 0)
          for (const IdField &Other : Fields)
            if (&Other != &F && Other.filters())
              if (std::optional<uint32_t> Id = FirstSelected(Other))
                SetField(C.Ids, Other, *Id);
        SetField(C.Ids, F, Value);
        C.Label = std::string(hwid::name_of(F.Dimension)) + " " + std::to_string(Value);
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

std::vector<FilterCoverage> filterCoverage(hwid::generation Generation, const ScopeMasks &Masks,
                                           const std::vector<HardwareCase> &Cases) {
  std::vector<FilterCoverage> Coverage;
  for (const IdField &F : idFields(Generation, Masks)) {
    if (!F.filters())
      continue;
    FilterCoverage C;
    C.Dimension = hwid::name_of(F.Dimension);
    C.Mask = F.Mask;
    C.Ids = F.Field.id_count();
    for (const HardwareCase &Case : Cases) {
      if (!Case.Ids.of(F.Field.hwreg))
        continue;
      uint32_t Id = fieldOf(Case.Ids, F);
      C.Walked.insert(Id);
      if (F.Field.selects(F.Mask, Id))
        C.Selected.insert(Id);
    }
    Coverage.push_back(std::move(C));
  }
  return Coverage;
}

} // namespace sqtt::isa
