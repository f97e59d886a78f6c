// WaveExclusions.h - the waves the trace tools leave out with
// --complete-only: the incomplete waves of a report sqtt-verify --trace
// wrote (D31), by trace directory, slot and launch.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace sqtt {

/// One wave of a slot: its slot and launch time.
using WaveLaunch = std::pair<SlotKey, int64_t>;

class WaveExclusions {
public:
  /// Reads \p Path, a report of sqtt-verify --trace --report; throws Error
  /// naming the file when it is not one.
  static WaveExclusions fromReport(const std::string &Path);

  /// The incomplete waves of trace directory \p Dir: the report's entry of
  /// that path, else the one whose last path component is the same (the
  /// report may have been written from another working directory); null
  /// when the report has none.
  const std::set<WaveLaunch> *forDir(const std::string &Dir) const;
  static bool excludes(const std::set<WaveLaunch> *Set, SlotKey Slot, int64_t Launch) {
    return Set && Set->count({Slot, Launch});
  }

  std::string Path;
  uint64_t Checked = 0, Incomplete = 0; // waves the report has, and those left out

private:
  std::map<std::string, std::set<WaveLaunch>> ByDir; // every directory the report checked
};

} // namespace sqtt
