// WaveInstructions.cpp - the per-wave instruction records of a capture: the
// names of their categories and states, finding a record's wave, and
// restricting them to the command line's filters.
#include "sqtt/trace/WaveInstructions.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <filesystem>


namespace sqtt {

const char *instCategoryName(unsigned Category) {
  static const char *Names[InstCategories] = {"OTHER", "SMEM", "SALU", "VMEM",  "FLAT",    "LDS",  "VALU",
                                              "JUMP",  "NEXT", "IMMED", "CONTEXT", "MESSAGE", "BVH"};
  return Category < InstCategories ? Names[Category] : Names[0];
}

std::vector<std::string> instCategoryNames() {
  std::vector<std::string> Names;
  for (unsigned C = 0; C < InstCategories; ++C)
    Names.push_back(instCategoryName(C));
  return Names;
}

const char *waveStateName(unsigned State) {
  static const char *Names[WaveStates] = {"OTHER", "IDLE", "EXEC", "WAIT", "STALL"};
  return State < WaveStates ? Names[State] : Names[0];
}

const WaveInstructions *InstructionCapture::waveAt(SlotKey Slot, int64_t Time) const {
  auto It = BySlot.find(Slot);
  if (It == BySlot.end())
    return nullptr;
  const std::vector<uint32_t> &Of = It->second;
  // The last wave that began at or before Time; waves of a slot do not overlap.
  auto After = std::upper_bound(Of.begin(), Of.end(), Time,
                                [&](int64_t T, uint32_t W) { return T < Waves[W].Begin; });
  if (After == Of.begin())
    return nullptr;
  const WaveInstructions &W = Waves[*std::prev(After)];
  return Time <= W.End ? &W : nullptr;
}

void InstructionCapture::index() {
  BySlot.clear();
  for (uint32_t I = 0; I < Waves.size(); ++I)
    BySlot[Waves[I].slot()].push_back(I);
  for (auto &[Slot, Of] : BySlot)
    std::stable_sort(Of.begin(), Of.end(), [&](uint32_t A, uint32_t B) { return Waves[A].Begin < Waves[B].Begin; });
}

void restrictCapture(InstructionCapture &Capture, const RecordFilter &Filter) {
  if (!Filter.active())
    return;
  RecordFilter Slots = Filter;
  Slots.TimeBegin = INT64_MIN, Slots.TimeEnd = INT64_MAX;
  std::vector<WaveInstructions> Kept;
  for (WaveInstructions &W : Capture.Waves) {
    Record R;
    R.CU = uint8_t(W.CU), R.SIMD = uint8_t(W.SIMD), R.Wave = uint8_t(W.Slot);
    if (!Slots.accepts(W.SE, R))
      continue;
    if (Filter.timed()) {
      auto Outside = [&](const WaveInstruction &I) { return I.Time < Filter.TimeBegin || I.Time >= Filter.TimeEnd; };
      W.Instructions.erase(std::remove_if(W.Instructions.begin(), W.Instructions.end(), Outside),
                           W.Instructions.end());
      std::vector<WaveStateSpan> States;
      for (const WaveStateSpan &S : W.States) {
        int64_t B = std::max(S.Begin, Filter.TimeBegin);
        int64_t E = std::min(S.Begin + int64_t(S.Duration), Filter.TimeEnd);
        if (E > B)
          States.push_back({B, uint64_t(E - B), S.State});
      }
      W.States = std::move(States);
    }
    Kept.push_back(std::move(W));
  }
  Capture.Waves = std::move(Kept);
  Capture.index();
}

} // namespace sqtt
