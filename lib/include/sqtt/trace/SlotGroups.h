// SlotGroups.h - one shader engine's records grouped by wave slot: what the
// analysis's stages walk, and what a check that follows every wave (the
// completeness check) is handed instead of reading the trace again.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <cstdint>
#include <vector>

namespace sqtt {

/// A record once its slot is known: the slot is implied by where it is
/// stored, Origin is its index in the engine's time-ordered records.
struct SlotRecord {
  int64_t Time;
  uint32_t Value;
  uint32_t Origin;
};

/// One engine's records by slot, slots in first-appearance order: slot S's
/// records are Stream[Start[S], Start[S + 1]), in time order.
struct SlotGroups {
  std::vector<SlotKey> Slots;
  std::vector<uint32_t> Start;
  std::vector<SlotRecord> Stream;
};

} // namespace sqtt
