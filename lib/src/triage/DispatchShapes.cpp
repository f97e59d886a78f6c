//===- DispatchShapes.cpp - tail and low-occupancy of each dispatch -------===//
//
// From the waves' lifetimes in occupancy: the tail is the dispatch's time
// after TailWaveShare of its waves ended; occupancy is the mean of waves in
// flight (their lifetimes over the dispatch's time) against the most that
// were in flight at once (the slots the dispatch itself used). The gains
// are the time the dispatch would take if the work of its tail, or of its
// whole run, kept its peak's slots busy.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <cmath>

namespace sqtt::triage {

namespace {

/// The most waves in flight at once, from their lifetimes.
uint32_t peakInFlight(std::vector<std::pair<int64_t, int>> Steps) {
  std::sort(Steps.begin(), Steps.end()); // ends (-1) before launches at one time
  int Now = 0, Peak = 0;
  for (auto &[T, D] : Steps)
    Peak = std::max(Peak, Now += D);
  return uint32_t(Peak);
}

} // namespace

void findDispatchShape(const TriageContext &C, std::vector<Finding> &Out) {
  for (const auto &[Key, D] : C.M.Dispatches) {
    if (D.Waves < ShapeMinWaves || D.span() <= 0)
      continue;
    std::vector<const WaveTime *> Waves;
    std::vector<std::pair<int64_t, int>> Steps;
    long double Lifetimes = 0;
    for (size_t I : C.wavesOf(Key.first, Key.second)) {
        const WaveTime &W = C.M.Waves[I];
        Waves.push_back(&W);
        Steps.push_back({W.Launch, 1});
        Steps.push_back({W.End, -1});
        Lifetimes += W.cycles();
      }
    std::sort(Waves.begin(), Waves.end(), [](const WaveTime *A, const WaveTime *B) { return A->End < B->End; });
    const std::string Kernel = C.M.Names.str(D.Kernel);
    const double Span = double(D.span());
    // The analysis' waves in flight where it counted them (every dispatch of
    // a directory's occupancy), else the same from the lifetimes.
    uint32_t Peak = 0;
    for (const auto &[Time, N] : D.InFlight)
      Peak = std::max(Peak, N);
    if (D.InFlight.empty())
      Peak = peakInFlight(Steps);
    const double Mean = double(Lifetimes) / Span;

    // The tail: after TailWaveShare of the waves ended.
    size_t Most = size_t(std::ceil(TailWaveShare * double(Waves.size())));
    int64_t TailBegin = Waves[std::clamp<size_t>(Most, 1, Waves.size()) - 1]->End;
    double Tail = double(D.End - TailBegin);
    if (Tail / Span > TailMaxShare && Peak > 0) {
      long double TailWork = 0;
      Finding F;
      F.K = Kind::Tail;
      for (const WaveTime *W : Waves)
        if (W->End > TailBegin) {
          TailWork += W->End - std::max(W->Launch, TailBegin);
          F.Waves.push_back(TriageContext::waveId(W->Wave));
        }
      F.Kernel = Kernel;
      F.Dispatch = D.number();
      F.Scope = Kernel;
      F.GainCycles = std::max(0.0, Tail - double(TailWork) / Peak);
      F.GainPercent = TriageContext::percent(F.GainCycles, &D);
      F.add("dispatch_cycles", int64_t(D.span()));
      F.add("tail_cycles", int64_t(Tail));
      F.add("tail_share", Tail / Span);
      F.add("waves", int64_t(Waves.size()));
      F.add("waves_in_tail", int64_t(F.Waves.size()));
      F.add("peak_in_flight", int64_t(Peak));
      F.Conf = Confidence::High;
      F.add("confidence_reason", std::string("lifetimes from occupancy, every wave of the dispatch"));
      char Line[200];
      std::snprintf(Line, sizeof Line, "%.0f%% of the dispatch's time comes after %.0f%% of its waves ended",
                    100 * Tail / Span, 100 * TailWaveShare);
      F.Headline = Line;
      F.Action = kindInfo(Kind::Tail).Action;
      F.Verify = C.statsCommand("--waves 10 " + TriageContext::kernelFilter(Kernel), C.narrowTo(D));
      Out.push_back(std::move(F));
    }

    if (Peak > 0 && Mean / Peak < OccupancyMinShare) {
      Finding F;
      F.K = Kind::LowOccupancy;
      F.Kernel = Kernel;
      F.Dispatch = D.number();
      F.Scope = Kernel;
      // The waves that kept the dispatch alive after the others: the last to end.
      F.Waves.push_back(TriageContext::waveId(Waves.back()->Wave));
      F.GainCycles = std::max(0.0, Span - double(Lifetimes) / Peak);
      F.GainPercent = TriageContext::percent(F.GainCycles, &D);
      F.add("dispatch_cycles", int64_t(D.span()));
      F.add("mean_in_flight", Mean);
      F.add("peak_in_flight", int64_t(Peak));
      F.add("occupancy_share", Mean / Peak);
      F.add("waves", int64_t(Waves.size()));
      F.Conf = Confidence::High;
      F.add("confidence_reason", std::string("lifetimes from occupancy, every wave of the dispatch"));
      char Line[200];
      std::snprintf(Line, sizeof Line, "%.1f waves in flight on average of the %u the dispatch used at its peak",
                    Mean, Peak);
      F.Headline = Line;
      F.Action = kindInfo(Kind::LowOccupancy).Action;
      F.Verify = C.statsCommand("--waves 10 " + TriageContext::kernelFilter(Kernel), C.narrowTo(D));
      Out.push_back(std::move(F));
    }
  }
}

} // namespace sqtt::triage
