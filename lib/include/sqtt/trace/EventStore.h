// EventStore.h - a trace directory's Perfetto events, kept out of memory.
//
// The Chrome trace lists waves in the order of their first header across all
// shader engines, so no engine's events can be written before every engine
// is analysed. Holding them all would make the timeline tool's memory grow
// with the whole directory; instead each engine's events are appended to an
// unlinked temporary file and read back one wave at a time while writing.
#pragma once

#include "sqtt/trace/MarkerResolver.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

namespace sqtt {

/// One timeline event (32 bytes); its thread is the wave's, see WaveEvents.
/// A data marker's payload words follow its Instant as Payload events (the
/// value in Name), so events stay fixed-size whatever the payload count.
struct ChromeEvent {
  int64_t Time = 0;
  int64_t Pid = 0;        // the dispatch (occupancy kernel_id); 0: none
  uint32_t Name = 0;      // interned; Payload: the payload word
  uint32_t MarkerID = 0;  // 0: a bare exit
  uint32_t SourceLoc = 0; // interned, "" when the map has none
  enum Phase : uint8_t { Begin, End, Instant, Payload } Ph = Begin;
  MarkerType Category = MarkerType::Function;
  static constexpr uint8_t FlagUnknown = 1; // the ID is in no map
  uint8_t Flags = 0;
};
static_assert(sizeof(ChromeEvent) == 32, "events are kept compact");

class EventStore {
public:
  /// Appends \p Events; returns the index of the first one. Throws Error when
  /// the temporary file cannot be created or written.
  uint64_t append(const std::vector<ChromeEvent> &Events);
  /// Reads events [Begin, End) into \p Out (replacing its contents).
  void read(uint64_t Begin, uint64_t End, std::vector<ChromeEvent> &Out) const;
  uint64_t size() const { return Count; }

private:
  struct Closer {
    void operator()(std::FILE *F) const { std::fclose(F); }
  };
  std::unique_ptr<std::FILE, Closer> File;
  uint64_t Count = 0;
};

} // namespace sqtt
