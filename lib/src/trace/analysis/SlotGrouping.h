// SlotGrouping.h - the first stages of the analysis: one shader engine's
// records grouped by wave slot, then each slot's headers cut into wave
// instances. The library's own header, not installed.
//
// Records are grouped with a counting pass into one array (no vector per
// slot): every later stage walks one slot at a time, and reading a slot's
// records where they arrived would miss the cache on nearly every record.
#pragma once

#include "analysis/RecordSelection.h"
#include "sqtt/trace/SlotGroups.h"
#include "sqtt/trace/TraceAnalysis.h"

#include <cstdint>
#include <vector>

namespace sqtt {

/// Groups engine \p SE's time-ordered \p Records into \p Out (whose buffers
/// are reused), dropping trap-handler records and, with a \p Selection,
/// filtered ones; counts both in \p Counts. Overwrites the records' slot fields.
void groupBySlot(uint32_t SE, std::vector<Record> &Records, RecordSelection *Selection,
                 RecordCounts &Counts, SlotGroups &Out);

/// A wave instance's headers: Stream[Begin, End) of its slot's.
struct WaveRun {
  WaveRef Wave;
  uint32_t Begin, End;
};

/// Cuts each slot's headers, Stream[Start[S], HeaderEnd[S]), into runs of
/// one wave instance each (by occupancy launches), slot by slot.
std::vector<WaveRun> waveRuns(const SlotGroups &Groups, const std::vector<uint32_t> &HeaderEnd,
                              const Occupancy &Occ);

} // namespace sqtt
