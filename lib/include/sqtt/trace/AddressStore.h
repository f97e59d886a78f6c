// AddressStore.h - a trace directory's address traces, kept out of memory.
//
// The memory-trace JSON lists a directory's traces slot by slot, slots in the
// order of their first record across all shader engines, so no engine's
// traces can be written before every engine is analysed. Holding them all
// would make the memory tool grow with the directory (each trace carries up
// to 64 addresses); instead each slot's traces are appended to an unlinked
// temporary file as soon as the slot is parsed, and read back slot by slot
// while writing, as the timeline tool does with its events (EventStore).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

namespace sqtt {

struct AddressTrace;

class AddressStore {
public:
  /// Bytes [Begin, End) of the file: a run of traces.
  struct Range {
    uint64_t Begin = 0, End = 0;
    uint64_t Count = 0; // traces in the range
  };

  /// Appends \p Traces. Throws Error when the temporary file cannot be
  /// created or written.
  Range append(const std::vector<AddressTrace> &Traces);
  /// Reads the traces of \p R into \p Out (replacing its contents).
  void read(const Range &R, std::vector<AddressTrace> &Out) const;
  /// Traces appended so far.
  uint64_t size() const { return Count; }

private:
  struct Closer {
    void operator()(std::FILE *F) const { std::fclose(F); }
  };
  std::unique_ptr<std::FILE, Closer> File;
  uint64_t Bytes = 0, Count = 0;
};

} // namespace sqtt
