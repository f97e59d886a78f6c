// EventStore.h - a trace directory's Perfetto events, kept out of memory.
//
// The Chrome trace lists waves in the order of their first header across all
// shader engines, so no engine's events can be written before every engine
// is analysed. Holding them all would make the timeline tool's memory grow
// with the whole directory; instead, past a budget (64 MiB of encoded
// events, about 13 M events), they are appended to an unlinked temporary
// file and read back one wave at a time while writing.
//
// Each wave is stored compactly, relative to its own first event (about 5
// bytes an event instead of 32): what goes through the file is copied twice
// by the kernel, which on a loaded machine cost more than the encoding.
#pragma once

#include "sqtt/trace/MarkerResolver.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// What a timeline event shows: a marker of the three funcmap kinds, or an
/// instruction of the capture's wave files (sqtt-perfetto --instructions).
enum class EventCategory : uint8_t { Function, User, Point, Instruction };
inline EventCategory eventCategory(MarkerType T) {
  switch (sqtt_marker_kind::as_read(T)) {
  case MarkerType::Function: return EventCategory::Function;
  case MarkerType::User: return EventCategory::User;
  default: return EventCategory::Point;
  }
}

/// One timeline event (32 bytes); its thread is the wave's, see WaveEvents.
/// A data marker's payload words follow its Instant as Payload events (the
/// value in Name), so events stay fixed-size whatever the payload count.
/// An instruction is a slice: its Begin has the ISA text as Name, the
/// code.json line as MarkerID and its source, and is followed by three
/// Payload events (category, stall cycles, duration in cycles); the slice
/// ends at the next instruction or marker event if that comes first.
struct TimelineEvent {
  int64_t Time = 0;
  int64_t Dispatch = 0;   // occupancy kernel_id; 0: none
  uint32_t Name = 0;      // interned; Payload: the payload word
  uint32_t MarkerID = 0;  // 0: a bare exit
  uint32_t SourceLoc = 0; // interned, "" when the map has none
  enum Phase : uint8_t { Begin, End, Instant, Payload } Ph = Begin;
  EventCategory Category = EventCategory::Function;
  static constexpr uint8_t FlagUnknown = 1; // the ID is in no map
  uint8_t Flags = 0;
};
static_assert(sizeof(TimelineEvent) == 32, "events are kept compact");

class EventStore {
public:
  static constexpr size_t DefaultMemoryBudget = size_t(64) << 20;
  /// \p MemoryBudget: encoded bytes kept in memory before spilling to the
  /// temporary file (0: spill at every flush).
  explicit EventStore(size_t MemoryBudget = DefaultMemoryBudget) : MemoryBudget(MemoryBudget) {}
  /// Before the first append: a tool that keeps many stores alive at once
  /// gives each a smaller share.
  void setMemoryBudget(size_t Bytes) { MemoryBudget = Bytes; }

  /// Bytes [first, second) of the store.
  using Range = std::pair<uint64_t, uint64_t>;
  /// Appends one wave's events [\p First, \p Last), which read back on their
  /// own; returns where they are.
  Range append(const TimelineEvent *First, const TimelineEvent *Last);
  /// Past the memory budget, writes what was appended to the temporary file.
  /// Throws Error when the file cannot be created or written.
  void flush();
  /// Reads the events of \p R (one append's) into \p Out, replacing its
  /// contents. Throws Error when \p R is not one the store holds or does
  /// not decode.
  void read(Range R, std::vector<TimelineEvent> &Out) const;
  /// Events appended.
  uint64_t size() const { return Count; }

private:
  struct Closer {
    void operator()(std::FILE *F) const { std::fclose(F); }
  };
  std::unique_ptr<std::FILE, Closer> File;
  // Encoded, not yet written: grown without zeroing, since an append sizes
  // it for its worst case and uses a sixth of that.
  std::unique_ptr<char[]> Pending;
  size_t PendingSize = 0, PendingCapacity = 0;
  size_t MemoryBudget;
  uint64_t Written = 0; // bytes in the file
  uint64_t Count = 0;
  mutable std::string ReadBuf;
};

} // namespace sqtt
