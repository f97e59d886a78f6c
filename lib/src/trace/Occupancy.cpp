// Occupancy.cpp - each wave slot's launches and ends: the spans and
// instances records fall in, and the dispatches' names.
#include "sqtt/trace/Occupancy.h"

#include <algorithm>

namespace sqtt {

const WaveSpan *Occupancy::findSpan(SlotKey Slot, int64_t Time) const {
  auto It = Spans.find(Slot);
  if (It == Spans.end() || It->second.empty())
    return nullptr;
  const std::vector<WaveSpan> &S = It->second;
  auto After = std::upper_bound(S.begin(), S.end(), Time,
                                [](int64_t T, const WaveSpan &W) { return T < W.Launch; });
  if (After == S.begin())
    return &S.front(); // Before every launch: clock-corrected records can land early.
  return &*(After - 1);
}

uint32_t Occupancy::instanceAt(SlotKey Slot, int64_t Time) const {
  auto It = Spans.find(Slot);
  if (It == Spans.end() || It->second.empty())
    return 0;
  const std::vector<WaveSpan> &S = It->second;
  auto After = std::upper_bound(S.begin(), S.end(), Time,
                                [](int64_t T, const WaveSpan &W) { return T < W.Launch; });
  return After == S.begin() ? 0 : uint32_t(After - S.begin() - 1);
}

std::string Occupancy::dispatchName(int64_t Dispatch) const {
  auto It = Dispatches.find(Dispatch);
  return It == Dispatches.end() ? std::string() : It->second;
}

std::string Occupancy::describeImpossibleRows() const {
  std::string Out;
  auto Add = [&](size_t N, const std::string &What) {
    if (N)
      Out += (Out.empty() ? "" : ", ") + std::to_string(N) + (N == 1 ? " row " : " rows ") + What;
  };
  Add(BadTimeRows, "with a time outside 0 to 2^48 cycles (skipped)");
  Add(UnnamedKernelRows, "launching a kernel_id that \"dispatches\" does not name (shown as no dispatch)");
  Add(EndsWithoutLaunch, "ending a wave that was not launched (ignored)");
  return Out;
}

std::string Occupancy::describeOddRows() const {
  std::string Out;
  if (LaunchesIntoBusySlots)
    Out += std::to_string(LaunchesIntoBusySlots) + " launch(es) into a slot whose wave had not ended (that wave is "
           "taken to end there)";
  if (RowsOutOfOrder)
    Out += std::string(Out.empty() ? "" : ", ") + std::to_string(RowsOutOfOrder) +
           " row(s) earlier than the row before them on their SE (rows are paired by time)";
  return Out;
}

void addSlotRows(Occupancy &Occ, SlotKey Slot, std::vector<OccupancyRow> &Rows) {
  std::stable_sort(Rows.begin(), Rows.end(),
                   [](const OccupancyRow &A, const OccupancyRow &B) { return A.Time < B.Time; });
  std::vector<WaveSpan> &Spans = Occ.Spans[Slot];
  bool Open = false;
  for (const OccupancyRow &E : Rows) {
    if (E.Time < 0 || E.Time >= MaxTraceCycles) {
      ++Occ.BadTimeRows; // would make a wave vanish or last for ages
      continue;
    }
    if (!E.Start && !Open)
      ++Occ.EndsWithoutLaunch;
    if (E.Start) {
      Occ.LaunchesIntoBusySlots += Open;
      if (Open)
        Spans.back().Retire = E.Time;
      Spans.push_back({E.Time, INT64_MAX, E.Dispatch});
      Open = true;
    } else if (Open) {
      Spans.back().Retire = E.Time;
      Open = false;
    }
  }
}

} // namespace sqtt
