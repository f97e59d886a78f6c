// WaveMatch.h - one wave's records matched, as they arrive, with the record
// automaton of its kernel (the completeness check's own header, not
// installed).
#pragma once

#include "sqtt/completeness/TraceCompleteness.h"
#include "sqtt/isa/RecordAutomaton.h"
#include "sqtt/trace/SlotGroups.h"
#include "sqtt/trace/TraceModel.h"

#include <optional>
#include <vector>

namespace sqtt::completeness {

/// An automaton with the scratch a step needs (shared by every wave that
/// uses it: a step finishes before the next begins).
struct Matcher {
  isa::RecordAutomaton A;
  std::vector<uint32_t> Stamp; // per state: the step it was last added in
  uint32_t Epoch = 0;
};

/// What the matching found at a wave's first deviation; the words are the
/// caller's.
struct WaveGap {
  bool Complete = true;
  uint64_t Index = 0;             // the record that deviates (the count: at the end)
  int64_t Time = 0;               // the last record that matched (the launch if none)
  std::vector<uint32_t> Allowed;  // the states whose edges the code allowed there
  std::optional<uint32_t> Got;    // the record that came; none: the wave's end
  GapCause Cause = GapCause::None;
  /// A complete wave whose code could still have recorded more after its
  /// last record (it may also end there).
  bool MayRecordMore = false;
};

class WaveMatch {
public:
  WaveMatch(Matcher &M, int64_t Launch) : M(&M), Last(Launch) {}
  /// Starts over for another wave (the buffers are kept: a wave's match
  /// would otherwise allocate them anew).
  void restart(Matcher &With, int64_t Launch);
  /// The wave's next record (its time and value), in time order.
  void add(int64_t Time, uint32_t Value);
  /// The wave's next records [\p Begin, \p End), in time order.
  void add(const SlotRecord *Begin, const SlotRecord *End);
  /// After the last record; \p Open: the wave still ran when the trace ended.
  WaveGap finish(bool Open);
  uint64_t records() const { return Count; }

private:
  /// Follows \p Value from the current states; false when none accepts it.
  bool step(uint32_t Value);
  /// A new mark for the matcher's per-state stamps (no state has it yet).
  uint32_t freshEpoch();
  /// Into Next: the states after \p Value where records were lost before it
  /// (or before the record accepted last); with \p FixedOnly, only through
  /// edges that fix the value (a marker's ID, not a payload word).
  void afterLoss(uint32_t Value, bool FixedOnly);
  /// A deviating record once the one after it is known (none: the end).
  void decide(const std::optional<uint32_t> &NextValue);

  Matcher *M;
  std::vector<uint32_t> Cur{0}, Next;
  /// The states before the record accepted last, and its value (none
  /// after a resync): where a loss before that record is looked for.
  std::vector<uint32_t> Prev;
  std::optional<uint32_t> PrevValue;
  int64_t Last;
  uint64_t Count = 0;
  size_t Resyncs = 0;
  std::optional<uint32_t> Held; // a deviating record's value, until the next one shows what it was
  bool HeldIsFirst = false;   // it is the wave's first deviation
  bool Done = false;          // the cause is decided: later records change nothing
  WaveGap Gap;
};

} // namespace sqtt::completeness
