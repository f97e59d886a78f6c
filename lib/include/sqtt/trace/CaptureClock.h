// CaptureClock.h - a capture's clocks (D26, FORMATS §12): the shader
// engines' cycle counters aligned onto one axis and the shader clock rate,
// fitted from (cycles, realtime) samples whichever format carried them.
#pragma once

#include "sqtt/trace/Occupancy.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// One stretch of the first SE's shader clock at one rate (D35): from
/// aligned cycle FromCycle on, until the next segment's.
struct ClockSegment {
  int64_t FromCycle = 0;
  double GHz = 0;
  double NsAtFrom = 0; // realtime in ns at FromCycle (continuous across segments)
  size_t Samples = 0;  // the samples this rate was fitted on
  /// GHz's relative uncertainty: a realtime tick, and the samples' residual,
  /// over the segment's span.
  double Uncertainty = 0;
};

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
  /// What the rate rests on (D35): the realtime counter's rate and where it
  /// came from, the samples fitted, the fit's residual (the samples' RMS
  /// distance from it, in cycles) and the rate's relative uncertainty.
  double RealtimeHz = 0;
  std::string RealtimeHzSource;
  size_t Samples = 0;
  double ResidualCycles = 0, Uncertainty = 0;
  /// The first SE's clock over the samples: one segment where one line
  /// fits them, several where the clock changed during the dispatch
  /// (power-capped parts change it mid-kernel). GHz stays the mean rate.
  std::vector<ClockSegment> Segments;
  /// Nanoseconds from aligned cycle 0 to \p AlignedCycle, following the
  /// segments (cycles / GHz when there is one).
  double nsSinceZero(double AlignedCycle) const;
  /// Shader engines with records but fewer than two samples: their cycles
  /// stay as recorded (the reader fills it).
  std::vector<uint32_t> Unaligned;
  /// What makes the rate doubtful: outside any AMD GPU's clocks, samples too
  /// close together, SEs whose rates disagree.
  std::vector<std::string> Warnings;

  /// "SE0 +0<Sep>SE1 +752...": the cycles added to each SE.
  std::string describeOffsets(const char *Sep) const;
  /// "realtime at 100 MHz (realtime.json's metadata); 24 samples, residual
  /// 3.1 cycles, rate +-0.2 %": what follows the alignment note.
  std::string describeFit() const;
};
/// Moves every span of \p Occ onto the aligned axis of \p Clock.
void alignOccupancy(Occupancy &Occ, const CaptureClock &Clock);

/// Each shader engine's (gfx_clock, realtime_clock) samples, in order.
using ClockSamples = std::vector<std::pair<double, double>>;

/// The clock fit of D26: each SE's samples fitted by least squares (the
/// jitter of single samples averages out); realtime ticks at \p Frequency
/// Hz, which \p FrequencySource names. Throws Error, naming \p Source, when a
/// clock does not advance or an SE has fewer than two samples.
CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &FrequencySource, const std::string &Source);

/// The shader clocks of AMD GPUs lie within this range (GHz); a fitted rate
/// outside it rests on samples that cannot be trusted.
inline constexpr double MinPlausibleGHz = 0.1, MaxPlausibleGHz = 3.5;
/// Samples that lie further than this (RMS) off their fitted lines leave the
/// engines' offsets and every time in ns uncertain by as much: about half a
/// microsecond at 2 GHz, where a realtime tick's jitter is a few hundred
/// cycles (RDNA4's and CDNA's captures: 90 to 140).
inline constexpr double MaxQuietResidualCycles = 1000;

} // namespace sqtt
