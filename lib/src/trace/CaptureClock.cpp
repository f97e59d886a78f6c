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
//
// Power-capped parts change the shader clock during a dispatch: where one
// line leaves a residual far above the jitter, the samples are split into
// runs of one rate each (segmented least squares), and times follow the
// first SE's segments; one line where one line fits.
#include "sqtt/trace/CaptureClock.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <cstdio>

namespace sqtt {

namespace {

/// One line: cycles = A + B * realtime ticks, over a run of samples.
struct SeFit {
  double Real0 = 0, A = 0, B = 0;
  double Residual = 0; // RMS cycles off the line
  double Span = 0;     // realtime ticks from the first sample to the last
  double RealLast = 0;
  size_t N = 0;
  double at(double Real) const { return A + B * Real; }
};

SeFit fitLine(ClockSamples::const_iterator Begin, ClockSamples::const_iterator End) {
  SeFit F;
  F.N = size_t(End - Begin);
  F.Real0 = Begin->second;
  F.RealLast = (End - 1)->second;
  // Centred sums: realtime values are ~1e12 ticks.
  double MeanG = 0, MeanR = 0;
  for (auto It = Begin; It != End; ++It)
    MeanG += It->first, MeanR += It->second - F.Real0;
  MeanG /= double(F.N), MeanR /= double(F.N);
  double Srr = 0, Srg = 0;
  for (auto It = Begin; It != End; ++It) {
    double DR = It->second - F.Real0 - MeanR;
    Srr += DR * DR, Srg += DR * (It->first - MeanG);
  }
  F.B = Srr > 0 ? Srg / Srr : 0;
  F.A = MeanG - F.B * (MeanR + F.Real0);
  double Sq = 0;
  for (auto It = Begin; It != End; ++It)
    Sq += (It->first - F.at(It->second)) * (It->first - F.at(It->second));
  F.Residual = std::sqrt(Sq / double(F.N));
  F.Span = F.RealLast - F.Real0;
  return F;
}

SeFit fitLine(const ClockSamples &S) { return fitLine(S.begin(), S.end()); }

// A clock change is a window of at least this many samples on each side:
// fewer would let a burst of jitter pass for a change of rate.
constexpr size_t MinSegmentSamples = 16;
// A split must explain the samples far better than one line: the F
// statistic of the two-line fit against one. Pure jitter, searched over
// every split point of ten thousand samples, stays below about 20.
constexpr double SplitF = 50;
// Power management changes the clock in steps of several percent; a change
// below this is one rate with drift.
constexpr double MinRateChange = 0.02;

/// Segmented least squares over one SE's samples: prefix sums of the
/// samples, after removing one overall line so that the sums stay small,
/// give any run's residual in O(1); runs are split where two lines fit far
/// better than one (binary segmentation).
class Segmenter {
public:
  explicit Segmenter(const ClockSamples &S) : S(S) {
    SeFit All = fitLine(S);
    Prefix.resize(S.size() + 1);
    for (size_t I = 0; I < S.size(); ++I) {
      double X = S[I].second - All.Real0, Y = S[I].first - All.at(S[I].second);
      const Sums &P = Prefix[I];
      Prefix[I + 1] = {P.X + X, P.Y + Y, P.XX + X * X, P.XY + X * Y, P.YY + Y * Y};
    }
  }
  /// The runs [begin, end) of one rate each.
  std::vector<std::pair<size_t, size_t>> runs() {
    std::vector<std::pair<size_t, size_t>> Out;
    split(0, S.size(), Out);
    merge(Out);
    return Out;
  }

private:
  struct Sums {
    double X = 0, Y = 0, XX = 0, XY = 0, YY = 0;
  };
  const ClockSamples &S;
  std::vector<Sums> Prefix;

  /// The residual sum of squares of one line over [Lo, Hi), and its slope
  /// (relative to the overall line's).
  std::pair<double, double> rss(size_t Lo, size_t Hi) const {
    const Sums &A = Prefix[Lo], &B = Prefix[Hi];
    double N = double(Hi - Lo), X = B.X - A.X, Y = B.Y - A.Y;
    double Sxx = B.XX - A.XX - X * X / N, Sxy = B.XY - A.XY - X * Y / N, Syy = B.YY - A.YY - Y * Y / N;
    if (!(Sxx > 0))
      return {std::max(Syy, 0.0), 0};
    return {std::max(Syy - Sxy * Sxy / Sxx, 0.0), Sxy / Sxx};
  }

  /// Whether [Lo, At) and [At, Hi) run at different rates: two lines fit
  /// far better than one, and their rates differ by a clock step.
  bool distinct(size_t Lo, size_t At, size_t Hi) const {
    double One = rss(Lo, Hi).first, Two = rss(Lo, At).first + rss(At, Hi).first;
    if (!(Two <= 0 ? One > 0 : (One - Two) / 2 / (Two / double(Hi - Lo - 4)) > SplitF))
      return false;
    SeFit L = fitLine(S.begin() + long(Lo), S.begin() + long(At));
    SeFit R = fitLine(S.begin() + long(At), S.begin() + long(Hi));
    return std::abs(L.B - R.B) > MinRateChange * 0.5 * (L.B + R.B);
  }

  void split(size_t Lo, size_t Hi, std::vector<std::pair<size_t, size_t>> &Out) const {
    size_t N = Hi - Lo, At = 0;
    if (N >= 2 * MinSegmentSamples) {
      double Best = rss(Lo, Hi).first;
      for (size_t K = Lo + MinSegmentSamples; K + MinSegmentSamples <= Hi; ++K)
        if (double Two = rss(Lo, K).first + rss(K, Hi).first; Two < Best)
          Best = Two, At = K;
    }
    if (!At || !distinct(Lo, At, Hi)) {
      Out.emplace_back(Lo, Hi);
      return;
    }
    split(Lo, At, Out);
    split(At, Hi, Out);
  }

  /// A first split away from a true change leaves a short run beside a
  /// neighbour of its own rate: neighbours that are not distinct merge.
  void merge(std::vector<std::pair<size_t, size_t>> &Runs) const {
    for (size_t I = 0; I + 1 < Runs.size();) {
      if (distinct(Runs[I].first, Runs[I].second, Runs[I + 1].second)) {
        ++I;
        continue;
      }
      Runs[I].second = Runs[I + 1].second;
      Runs.erase(Runs.begin() + long(I + 1));
      I = I ? I - 1 : 0;
    }
  }
};

/// One SE's clock: its lines, in realtime order, one per run of one rate.
struct SePiecewise {
  std::vector<SeFit> Lines;
  std::vector<double> Cuts; // realtime where line I + 1 takes over from line I
  size_t N = 0;
  double Residual = 0; // RMS cycles off the lines
  double Span = 0;
  /// The SE's cycles at realtime \p Real, on the line of its run.
  double at(double Real) const {
    size_t I = 0;
    while (I < Cuts.size() && Real >= Cuts[I])
      ++I;
    return Lines[I].at(Real);
  }
  /// Cycles per realtime tick over the whole span.
  double meanRate() const {
    return Lines.size() == 1 ? Lines[0].B : (at(Lines.back().RealLast) - at(Lines[0].Real0)) / Span;
  }
};

/// Where two runs' lines meet (the instant the clock changed), kept
/// between the last sample of the one and the first of the other.
double cutBetween(const SeFit &L, const SeFit &R) {
  double Meet = (R.A - L.A) / (L.B - R.B);
  return std::isfinite(Meet) ? std::clamp(Meet, L.RealLast, R.Real0) : (L.RealLast + R.Real0) / 2;
}

SePiecewise fitPiecewise(const ClockSamples &S) {
  SePiecewise P;
  P.N = S.size();
  double Sq = 0;
  for (auto [Lo, Hi] : Segmenter(S).runs()) {
    P.Lines.push_back(fitLine(S.begin() + long(Lo), S.begin() + long(Hi)));
    Sq += P.Lines.back().Residual * P.Lines.back().Residual * double(Hi - Lo);
  }
  for (size_t I = 0; I + 1 < P.Lines.size(); ++I)
    P.Cuts.push_back(cutBetween(P.Lines[I], P.Lines[I + 1]));
  P.Residual = std::sqrt(Sq / double(S.size()));
  P.Span = S.back().second - S.front().second;
  return P;
}

std::string ghz(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.4g GHz", V);
  return Buf;
}

/// The first SE's segments on its own (the aligned) axis, continuous in
/// time: each boundary is where the runs' lines meet.
std::vector<ClockSegment> segmentsOf(const SePiecewise &Ref, double Frequency) {
  std::vector<ClockSegment> Out;
  for (size_t I = 0; I < Ref.Lines.size(); ++I) {
    const SeFit &L = Ref.Lines[I];
    ClockSegment Seg;
    Seg.GHz = L.B * Frequency / 1e9;
    Seg.Samples = L.N;
    if (L.Span > 0 && L.B > 0)
      Seg.Uncertainty = 1.0 / L.Span + 2 * L.Residual / (L.B * L.Span);
    if (I == 0) {
      Seg.FromCycle = int64_t(std::llround(L.at(L.Real0)));
      Seg.NsAtFrom = L.Real0 / Frequency * 1e9;
    } else {
      const SeFit &Prev = Ref.Lines[I - 1];
      const ClockSegment &P = Out.back();
      Seg.FromCycle = int64_t(std::llround(Prev.at(Ref.Cuts[I - 1])));
      Seg.NsAtFrom = P.NsAtFrom + double(Seg.FromCycle - P.FromCycle) / P.GHz;
    }
    Out.push_back(Seg);
  }
  return Out;
}

} // namespace

CaptureClock fitCaptureClock(const std::map<uint32_t, ClockSamples> &SEs, double Frequency,
                             const std::string &FrequencySource, const std::string &Source) {
  std::map<uint32_t, SePiecewise> Fits;
  for (const auto &[SE, S] : SEs) {
    if (S.size() < 2)
      throw Error(Source + ": SE" + std::to_string(SE) + " has fewer than two samples");
    SePiecewise F = fitPiecewise(S);
    bool Advances = F.Span > 0;
    for (const SeFit &L : F.Lines)
      Advances &= L.B > 0;
    if (!Advances)
      throw Error(Source + ": SE" + std::to_string(SE) + "'s clocks do not advance between its samples");
    Fits[SE] = std::move(F);
  }
  if (Fits.empty())
    throw Error(Source + ": no SE<k> samples");
  CaptureClock Clock;
  Clock.Source = Source;
  Clock.RealtimeHz = Frequency;
  Clock.RealtimeHzSource = FrequencySource;
  const SePiecewise &Ref = Fits.begin()->second;
  double R0 = Ref.Lines.front().Real0;
  double Residual = 0, Uncertainty = 0;
  std::vector<double> Rates; // GHz, per SE
  for (const auto &[SE, Fit] : Fits) {
    Clock.Offset[SE] = int64_t(std::llround(Ref.at(R0) - Fit.at(R0)));
    Rates.push_back(Fit.meanRate() * Frequency / 1e9);
    Clock.Samples += Fit.N;
    Residual = std::max(Residual, Fit.Residual);
    // The rate is known to a realtime tick and the residual over the span.
    double Cycles = Fit.meanRate() * Fit.Span;
    Uncertainty = std::max(Uncertainty, 1.0 / Fit.Span + 2 * Fit.Residual / Cycles);
  }
  Clock.GHz = std::accumulate(Rates.begin(), Rates.end(), 0.0) / double(Rates.size());
  auto [Low, High] = std::minmax_element(Rates.begin(), Rates.end());
  Clock.ResidualCycles = Residual;
  Clock.Uncertainty = Uncertainty;
  Clock.Segments = segmentsOf(Ref, Frequency);
  const SeFit &First = Ref.Lines.front();
  Clock.RealtimeNsAtZero = -First.A / First.B / Frequency * 1e9;
  if (Clock.GHz < MinPlausibleGHz || Clock.GHz > MaxPlausibleGHz)
    Clock.Warnings.push_back("a shader clock of " + ghz(Clock.GHz) + " is outside any AMD GPU's (" +
                             ghz(MinPlausibleGHz) + " to " + ghz(MaxPlausibleGHz) +
                             "): the samples or the realtime rate cannot be trusted");
  if (Uncertainty > 0.01)
    Clock.Warnings.push_back("the samples span " + std::to_string(int64_t(Ref.Span)) +
                             " realtime ticks: the rate is known to only +-" +
                             std::to_string(int(std::lround(Uncertainty * 100))) + " %");
  if (Residual > MaxQuietResidualCycles) {
    char Line[200];
    std::snprintf(Line, sizeof Line,
                  "the samples lie %.3g cycles (RMS) off the fitted clock: times across shader engines, and "
                  "in ns, are known to about that (%.2g us)",
                  Residual, Residual / Clock.GHz / 1e3);
    Clock.Warnings.push_back(Line);
  }
  if (*High - *Low > 0.01 * Clock.GHz)
    Clock.Warnings.push_back("the shader engines' samples give rates from " + ghz(*Low) + " to " + ghz(*High));
  return Clock;
}

double CaptureClock::nsSinceZero(double AlignedCycle) const {
  if (Segments.size() <= 1)
    return AlignedCycle / GHz;
  const ClockSegment *Seg = &Segments.front();
  for (const ClockSegment &S : Segments)
    if (double(S.FromCycle) <= AlignedCycle)
      Seg = &S;
  return Seg->NsAtFrom + (AlignedCycle - double(Seg->FromCycle)) / Seg->GHz - RealtimeNsAtZero;
}

std::string CaptureClock::describeFit() const {
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, "realtime at %.6g MHz (%s); %zu samples, residual %.3g cycles, rate +-%.2g %%",
                RealtimeHz / 1e6, RealtimeHzSource.c_str(), Samples, ResidualCycles, Uncertainty * 100);
  std::string Out = Buf;
  if (Segments.size() > 1) {
    Out += "; the clock changed during the capture:";
    for (const ClockSegment &S : Segments) {
      std::snprintf(Buf, sizeof Buf, "%s %.4g GHz +-%.2g %% from cycle %lld (%zu samples)",
                    &S == &Segments.front() ? "" : ",", S.GHz, S.Uncertainty * 100, (long long)S.FromCycle,
                    S.Samples);
      Out += Buf;
    }
  }
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
