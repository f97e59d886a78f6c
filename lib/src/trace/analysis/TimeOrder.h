// TimeOrder.h - records a file wrote out of their wave's time order, and
// negative times (D10). The analysis pairs each wave slot's records in time
// order (scopes, payloads, address blocks), so a record earlier than the one
// its slot wrote before it pairs with other records than it was written
// with; a wave's records arrive in the order it issued them, so in a file
// that is damage, with one exception (reportTimeDisorder). The library's own
// header, not installed.
#pragma once

#include "analysis/DispatchTable.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/trace/TraceSource.h"

#include <string>
#include <vector>

namespace sqtt {

/// A record as a file holds it: which file, which record of it.
struct FilePlace {
  uint32_t File = 0;   // into the engine's RecordFiles
  uint64_t Record = 0; // within that file
};

struct TimeOrderFindings {
  /// Records earlier than their slot's record before them in the same file.
  struct BackStep {
    FilePlace At;
    SlotKey Slot;
    int64_t Time, After; // its time and the slot's latest before it
  };
  std::vector<BackStep> BackSteps;
  /// Records with a time below 0, as written (before any alignment of the
  /// engines' clocks, D26, which may well give negative times).
  struct Negative {
    FilePlace At;
    int64_t Time;
  };
  std::vector<Negative> Negatives;
  /// Adds \p Offset to the back steps' times: the engine's clock alignment,
  /// which occupancy has too.
  void shift(int64_t Offset);
};

/// What engine \p SE's \p Records (as read, \p Files from readEngineFiles)
/// hold out of order. Trap-handler records are left out: they are dropped
/// before any pairing. A file already in time order costs one pass.
TimeOrderFindings findTimeDisorder(uint32_t SE, const std::vector<Record> &Records,
                                   const std::vector<RecordFile> &Files);

/// Counts in \p Counts, and says in \p Warnings file by file, the findings
/// that are damage. A back step in a wave whose code object packs the shader
/// clock into its headers (gfx12, FORMATS §4) is not: the att step moves such
/// headers back by their arrival delay, and does not re-sort a trace that
/// has payload tables (those waves have no payloads, so time order pairs
/// them as issued).
void reportTimeDisorder(const TimeOrderFindings &Found, const std::vector<RecordFile> &Files,
                        const Occupancy &Occ, DispatchTable &Dispatches, RecordCounts &Counts,
                        std::vector<std::string> &Warnings);

} // namespace sqtt
