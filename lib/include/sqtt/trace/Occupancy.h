// Occupancy.h - each wave slot's launches and ends (the spans records fall
// in) and the dispatches' names: what every format's reader fills from its
// own rows (occupancy.json, the .att files' wave tokens) and the analysis
// reads.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace sqtt {

struct Occupancy {
  std::map<int64_t, std::string> Dispatches;
  std::unordered_map<SlotKey, std::vector<WaveSpan>> Spans; // per slot, by launch
  size_t SkippedRows = 0; // wave rows that were not six integers in range
  /// Rows taken at face value elsewhere that cannot be (D10): a time
  /// outside [0, MaxTraceCycles) (skipped), a kernel_id no dispatch names,
  /// an end with no launch before it on its slot (ignored).
  size_t BadTimeRows = 0, UnnamedKernelRows = 0, EndsWithoutLaunch = 0;
  size_t impossibleRows() const { return BadTimeRows + UnnamedKernelRows + EndsWithoutLaunch; }
  /// "2 rows with a time beyond ..., 1 row ...": what impossibleRows() counts.
  std::string describeImpossibleRows() const;
  /// Rows a capture can have but a slot's waves cannot do (a slot runs one
  /// wave at a time; rocprofv3 writes each SE's rows in time order): a
  /// launch before the slot's wave ended (that wave is ended there) and a
  /// row earlier than the SE's row before it (rows are paired by time).
  size_t LaunchesIntoBusySlots = 0, RowsOutOfOrder = 0;
  size_t oddRows() const { return LaunchesIntoBusySlots + RowsOutOfOrder; }
  std::string describeOddRows() const;

  /// The last span launched at or before \p Time (records may arrive after
  /// retirement); the first span for a record before every launch.
  const WaveSpan *findSpan(SlotKey Slot, int64_t Time) const;
  /// Index of the last launch at or before \p Time (0 before the first).
  uint32_t instanceAt(SlotKey Slot, int64_t Time) const;
  std::string dispatchName(int64_t Dispatch) const;
  /// Every wave (launch) of every slot.
  uint64_t waveCount() const {
    uint64_t N = 0;
    for (const auto &[Slot, List] : Spans)
      N += List.size();
    return N;
  }
};

/// Span lookups for one slot's time-ordered records: the same answers as
/// Occupancy::findSpan / instanceAt, in amortized constant time.
class SpanCursor {
public:
  SpanCursor(const Occupancy &Occ, SlotKey Slot) {
    auto It = Occ.Spans.find(Slot);
    if (It != Occ.Spans.end() && !It->second.empty())
      Spans = &It->second;
  }
  /// \p Time must not decrease between calls.
  const WaveSpan *at(int64_t Time) {
    if (!Spans)
      return nullptr;
    while (Index + 1 < Spans->size() && (*Spans)[Index + 1].Launch <= Time)
      ++Index;
    return &(*Spans)[Index];
  }
  uint32_t instance(int64_t Time) {
    if (!Spans)
      return 0;
    at(Time);
    return uint32_t(Index);
  }

private:
  const std::vector<WaveSpan> *Spans = nullptr;
  size_t Index = 0;
};

/// One wave launch (Start) or end of a slot, as an occupancy.json row.
struct OccupancyRow {
  int64_t Time = 0;
  bool Start = false;
  int64_t Dispatch = 0;
};
/// Adds \p Rows (one slot's, in file order) to \p Occ as spans, FORMATS
/// §2.3: sorted by time (stably); a launch closes a pending span; an end with
/// no pending span is ignored (and counted); a span left open retires at
/// INT64_MAX. Rows with an impossible time are skipped and counted.
void addSlotRows(Occupancy &Occ, SlotKey Slot, std::vector<OccupancyRow> &Rows);

} // namespace sqtt
