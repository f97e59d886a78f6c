// CaptureClock.cpp - a capture's (cycles, realtime) samples: aligning the shader engines' cycle
// counters and the shader clock rate (D26, FORMATS §12).
//
// Each SE has samples [gfx_clock, realtime_clock]; like the viewers, the fit
// uses an SE's first and last samples. Realtime R then corresponds on SE k to
// cycle g_k(R) = g0_k + (R - r0_k) * cycles_per_tick_k. The offset moves SE
// k's counter onto the first SE's: at the first SE's first sample instant
// R0, offset_k = g0_ref - g_k(R0). Only the offset is applied (the SEs'
// rates differ by parts per million over a dispatch).
#include "sqtt/trace/CaptureClock.h"
#include "sqtt/support/Error.h"

#include <cmath>

namespace sqtt {

namespace {

struct SeFit {
  double Gfx0, Real0, CyclesPerTick;
};

} // namespace

CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &Source) {
  std::map<uint32_t, SeFit> Fits;
  for (const auto &[SE, S] : SEs) {
    if (!(S.Gfx1 > S.Gfx0) || !(S.Real1 > S.Real0))
      throw Error(Source + ": SE" + std::to_string(SE) + "'s clocks do not advance between its samples");
    Fits[SE] = {S.Gfx0, S.Real0, (S.Gfx1 - S.Gfx0) / (S.Real1 - S.Real0)};
  }
  if (Fits.empty())
    throw Error(Source + ": no SE<k> samples");
  CaptureClock Clock;
  Clock.Source = Source;
  const SeFit &Ref = Fits.begin()->second;
  double Rate = 0;
  for (const auto &[SE, Fit] : Fits) {
    double AtRef = Fit.Gfx0 + (Ref.Real0 - Fit.Real0) * Fit.CyclesPerTick;
    Clock.Offset[SE] = int64_t(std::llround(Ref.Gfx0 - AtRef));
    Rate += Fit.CyclesPerTick * Frequency;
  }
  Clock.GHz = Rate / double(Fits.size()) / 1e9;
  Clock.RealtimeNsAtZero = (Ref.Real0 - Ref.Gfx0 / Ref.CyclesPerTick) / Frequency * 1e9;
  return Clock;
}

std::string CaptureClock::describeOffsets(const char *Sep) const {
  std::string Out;
  for (const auto &[SE, Cycles] : Offset)
    Out += (Out.empty() ? "" : Sep) + ("SE" + std::to_string(SE)) + (Cycles >= 0 ? " +" : " ") +
           std::to_string(Cycles);
  return Out;
}

void alignOccupancy(Occupancy &Occ, const CaptureClock &Clock) {
  for (auto &[Slot, Spans] : Occ.Spans) {
    auto It = Clock.Offset.find(slotSE(Slot));
    if (It == Clock.Offset.end() || It->second == 0)
      continue;
    for (WaveSpan &S : Spans) {
      S.Launch += It->second;
      if (S.Retire != INT64_MAX)
        S.Retire += It->second;
    }
  }
}

} // namespace sqtt
