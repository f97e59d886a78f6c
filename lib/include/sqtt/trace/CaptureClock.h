// CaptureClock.h - a capture's clocks (D26, FORMATS §12): the shader
// engines' cycle counters aligned onto one axis and the shader clock rate,
// fitted from (cycles, realtime) samples whichever format carried them.
#pragma once

#include "sqtt/trace/Occupancy.h"

#include <cstdint>
#include <map>
#include <string>

namespace sqtt {

/// A trace directory's clocks (D26, FORMATS §12; realtime.json in a tree):
/// shader engines count cycles from different origins; each SE's samples of
/// (cycles, realtime ticks) give its offset onto the first SE's counter and
/// the shader clock rate.
struct CaptureClock {
  double GHz = 0;                       // mean over the SEs' fits
  std::map<uint32_t, int64_t> Offset;   // cycles added to an SE's times; the first SE's is 0
  std::string Source;                   // the file or files the samples came from
  /// What carried the samples, as a sentence names it ("realtime.json",
  /// "the realtime samples of the .att files"): the reader's to say.
  std::string Carrier;
  /// The realtime clock, in ns, at aligned cycle 0 (the first SE's fit):
  /// what puts several directories of one capture on one axis.
  double RealtimeNsAtZero = 0;
  /// "SE0 +0<Sep>SE1 +752...": the cycles added to each SE.
  std::string describeOffsets(const char *Sep) const;
};
/// Moves every span of \p Occ onto the aligned axis of \p Clock.
void alignOccupancy(Occupancy &Occ, const CaptureClock &Clock);

/// The clock fit of D26 from each shader engine's first and last samples
/// of (gfx_clock, realtime_clock); realtime ticks at \p Frequency Hz.
/// Throws Error, naming \p Source, when a clock does not advance.
struct ClockSamples {
  double Gfx0 = 0, Real0 = 0, Gfx1 = 0, Real1 = 0;
};
CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &Source);

} // namespace sqtt
