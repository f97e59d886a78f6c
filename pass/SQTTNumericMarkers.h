//===- SQTTNumericMarkers.h - markers.hpp's numeric markers -----*- C++ -*-===//
//
// D24: a numeric marker (sqtt_marker_enter(7u), sqtt_marker_point(3u): a raw
// s_ttracedata whose value is a constant, not one the pass made) is a known
// marker. Its ID is recorded in the funcmap as a user scope or a point named
// by its number, no named or automatic marker is given that ID, and it is
// emitted the way named markers are (the immediate form on gfx10+ for small
// values, no m0).
//
// The value must be a constant in the IR, or what -O0 leaves of one (the
// wrapper's argument stored once into a local, loaded, shifted and or'ed);
// a marker whose value is computed at run time stays raw and unnamed.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_NUMERIC_MARKERS_H
#define SQTT_NUMERIC_MARKERS_H

#include "SQTTClockPacking.h"
#include "SQTTLedger.h"
#include "SQTTTarget.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sqtt {

/// Turns every call of ROCm's numeric sentinels (sqtt_marker_enter_id(id)
/// and the like, D28) into the trace markers.hpp's numeric markers make, so
/// they are numeric markers from here on. Returns true on change.
bool lowerNumericSentinels(llvm::Module &M);

/// Records the ID of every numeric marker of \p M's target functions in
/// \p Ledger (before any ID is allocated, so none collides). Returns how many
/// distinct IDs are new.
unsigned recordNumericMarkers(llvm::Module &M, MarkerLedger &Ledger);

/// Makes each numeric marker of \p F (its bare exits included) one of the
/// pass's headers, in the form named markers get; one whose ID does not fit
/// \p Packing on this target stays raw (and keeps its legacy value).
/// Returns how many were adopted.
unsigned adoptNumericMarkers(llvm::Function &F, const TargetInfo &Target,
                             const ClockPacking &Packing);

} // namespace sqtt

#endif // SQTT_NUMERIC_MARKERS_H
