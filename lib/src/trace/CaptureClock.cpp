// CaptureClock.cpp - a capture's (cycles, realtime) samples: aligning the shader engines' cycle
// counters and the shader clock rate (D26, D35, FORMATS §12).
//
// Each SE has samples [gfx_clock, realtime_clock]. The viewers use an SE's
// first and last samples; single samples jitter (RDNA writes them 80 ns apart,
// and one pair implies anything from 0.4 to 9 GHz), so each SE's samples are
// fitted by least squares instead: g_k(R) = a_k + b_k R. The offset moves SE
// k's counter onto the first SE's: at the first SE's first sample instant
// R0, offset_k = g_ref(R0) - g_k(R0). Only the offset is applied (the SEs'
// rates differ by parts per million over a dispatch).
#include "sqtt/trace/CaptureClock.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <cstdio>

namespace sqtt {

namespace {

/// One SE's line: cycles = A + B * realtime ticks, over its samples.
struct SeFit {
  double Real0 = 0, A = 0, B = 0;
  double Residual = 0; // RMS cycles off the line
  double Span = 0;     // realtime ticks from the first sample to the last
  size_t N = 0;
  double at(double Real) const { return A + B * Real; }
};

SeFit fitLine(const ClockSamples &S) {
  SeFit F;
  F.N = S.size();
  F.Real0 = S.front().second;
  // Centred sums: realtime values are ~1e12 ticks.
  double MeanG = 0, MeanR = 0;
  for (const auto &[G, R] : S)
    MeanG += G, MeanR += R - F.Real0;
  MeanG /= double(F.N), MeanR /= double(F.N);
  double Srr = 0, Srg = 0;
  for (const auto &[G, R] : S) {
    double DR = R - F.Real0 - MeanR;
    Srr += DR * DR, Srg += DR * (G - MeanG);
  }
  F.B = Srr > 0 ? Srg / Srr : 0;
  F.A = MeanG - F.B * (MeanR + F.Real0);
  double Sq = 0;
  for (const auto &[G, R] : S)
    Sq += (G - F.at(R)) * (G - F.at(R));
  F.Residual = std::sqrt(Sq / double(F.N));
  F.Span = S.back().second - S.front().second;
  return F;
}

std::string ghz(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.4g GHz", V);
  return Buf;
}

} // namespace

CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &FrequencySource, const std::string &Source) {
  std::map<uint32_t, SeFit> Fits;
  for (const auto &[SE, S] : SEs) {
    if (S.size() < 2)
      throw Error(Source + ": SE" + std::to_string(SE) + " has fewer than two samples");
    SeFit F = fitLine(S);
    if (!(F.B > 0) || !(F.Span > 0))
      throw Error(Source + ": SE" + std::to_string(SE) + "'s clocks do not advance between its samples");
    Fits[SE] = F;
  }
  if (Fits.empty())
    throw Error(Source + ": no SE<k> samples");
  CaptureClock Clock;
  Clock.Source = Source;
  Clock.RealtimeHz = Frequency;
  Clock.RealtimeHzSource = FrequencySource;
  const SeFit &Ref = Fits.begin()->second;
  double Residual = 0, Uncertainty = 0;
  std::vector<double> Rates; // GHz, per SE
  for (const auto &[SE, Fit] : Fits) {
    Clock.Offset[SE] = int64_t(std::llround(Ref.at(Ref.Real0) - Fit.at(Ref.Real0)));
    Rates.push_back(Fit.B * Frequency / 1e9);
    Clock.Samples += Fit.N;
    Residual = std::max(Residual, Fit.Residual);
    // The rate is known to a realtime tick and the residual over the span.
    double Cycles = Fit.B * Fit.Span;
    Uncertainty = std::max(Uncertainty, 1.0 / Fit.Span + 2 * Fit.Residual / Cycles);
  }
  Clock.GHz = std::accumulate(Rates.begin(), Rates.end(), 0.0) / double(Rates.size());
  auto [Low, High] = std::minmax_element(Rates.begin(), Rates.end());
  Clock.ResidualCycles = Residual;
  Clock.Uncertainty = Uncertainty;
  Clock.RealtimeNsAtZero = -Ref.A / Ref.B / Frequency * 1e9;
  if (Clock.GHz < MinPlausibleGHz || Clock.GHz > MaxPlausibleGHz)
    Clock.Warnings.push_back("a shader clock of " + ghz(Clock.GHz) + " is outside any AMD GPU's (" +
                             ghz(MinPlausibleGHz) + " to " + ghz(MaxPlausibleGHz) +
                             "): the samples or the realtime rate cannot be trusted");
  if (Uncertainty > 0.01)
    Clock.Warnings.push_back("the samples span " + std::to_string(int64_t(Ref.Span)) +
                             " realtime ticks: the rate is known to only +-" +
                             std::to_string(int(std::lround(Uncertainty * 100))) + " %");
  if (*High - *Low > 0.01 * Clock.GHz)
    Clock.Warnings.push_back("the shader engines' samples give rates from " + ghz(*Low) + " to " + ghz(*High));
  return Clock;
}

std::string CaptureClock::describeFit() const {
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, "realtime at %.6g MHz (%s); %zu samples, residual %.3g cycles, rate +-%.2g %%",
                RealtimeHz / 1e6, RealtimeHzSource.c_str(), Samples, ResidualCycles, Uncertainty * 100);
  std::string Out = Buf;
  if (!Unaligned.empty()) {
    Out += "; not aligned (no samples):";
    for (uint32_t SE : Unaligned)
      Out += " SE" + std::to_string(SE);
  }
  return Out;
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
