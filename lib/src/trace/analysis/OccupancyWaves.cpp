// OccupancyWaves.cpp - every wave occupancy.json lists, with its scoped time.
#include "analysis/OccupancyWaves.h"

#include <algorithm>

namespace sqtt {

std::vector<WaveTime> occupancyWaves(const Occupancy &Occ, DispatchTable &Dispatches, const RecordFilter &Filter,
                                     const std::unordered_map<uint64_t, uint64_t> &ScopedOf, uint32_t Dir,
                                     const std::set<WaveLaunch> *Excluded) {
  RecordFilter SlotsOnly = Filter;
  SlotsOnly.TimeBegin = INT64_MIN, SlotsOnly.TimeEnd = INT64_MAX;
  std::vector<WaveTime> Out;
  for (const auto &[Slot, Spans] : Occ.Spans) {
    Record R;
    R.CU = uint8_t(slotCU(Slot)), R.SIMD = uint8_t(slotSIMD(Slot)), R.Wave = uint8_t(slotWave(Slot));
    if (!SlotsOnly.accepts(slotSE(Slot), R))
      continue;
    for (uint32_t I = 0; I < Spans.size(); ++I) {
      const WaveSpan &S = Spans[I];
      if (S.Retire == INT64_MAX || S.Retire <= S.Launch)
        continue; // never ended in the capture: no lifetime
      if (WaveExclusions::excludes(Excluded, Slot, S.Launch))
        continue; // incomplete: its numbers are not to be trusted
      const ResolvedDispatch &D = Dispatches.of(S.Dispatch, /*Report=*/false);
      if (D.Target.Kernel.empty() || !D.KernelMatches || !D.DispatchMatches)
        continue; // no dispatch ("0 / 0x0"), or filtered out
      WaveTime W;
      W.Kernel = D.Kernel, W.Dir = Dir, W.Dispatch = S.Dispatch;
      W.Wave = {Slot, I};
      W.Launch = S.Launch, W.End = S.Retire;
      if (auto It = ScopedOf.find(W.Wave.key()); It != ScopedOf.end()) {
        W.Traced = true;
        W.Scoped = It->second;
      }
      Out.push_back(W);
    }
  }
  // Occupancy's slots come from a hash map: a fixed order for the outputs.
  std::sort(Out.begin(), Out.end(), [](const WaveTime &A, const WaveTime &B) {
    return std::tie(A.Launch, A.Wave.Slot, A.Wave.Instance) < std::tie(B.Launch, B.Wave.Slot, B.Wave.Instance);
  });
  return Out;
}

} // namespace sqtt
