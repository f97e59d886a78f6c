//===- Stragglers.cpp - straggler-waves: a few waves far slower -----------===//
//
// A robust outlier rule over the cycles each wave spent in a scope (the
// scope statistics' per-wave sums), and over the waves' lifetimes where no
// scope explains them: a wave is a straggler when it exceeds the median by
// StragglerMads scaled MADs and by StragglerMinRatio times, and there are
// few of them (StragglerMaxShare). The gain is what their excess adds to
// the dispatch: its end with each straggler shortened by its excess (but
// not before the other waves' last end), against its end as captured.
//
//===----------------------------------------------------------------------===//
#include "Thresholds.h"
#include "TriageContext.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sqtt::triage {
namespace {

struct Sample {
  uint32_t Dir;
  WaveRef Wave;
  uint64_t Cycles;
};

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

struct Outliers {
  double Median = 0, Mad = 0, Threshold = 0;
  std::vector<size_t> Index; // into the samples
};

Outliers outliers(const std::vector<Sample> &S) {
  Outliers O;
  if (S.size() < StragglerMinWaves)
    return O;
  std::vector<double> V;
  for (const Sample &X : S)
    V.push_back(double(X.Cycles));
  O.Median = median(V);
  std::vector<double> Dev;
  for (double X : V)
    Dev.push_back(std::fabs(X - O.Median));
  O.Mad = median(Dev);
  O.Threshold = std::max(O.Median + StragglerMads * MadToSigma * O.Mad, StragglerMinRatio * O.Median);
  for (size_t I = 0; I < S.size(); ++I)
    if (double(S[I].Cycles) > O.Threshold && S[I].Cycles > 0)
      O.Index.push_back(I);
  if (double(O.Index.size()) > StragglerMaxShare * double(S.size()))
    O.Index.clear();
  return O;
}

/// Builds the finding of \p O over \p S (the waves of one kernel's scope, or
/// one dispatch's lifetimes).
void report(const TriageContext &C, const std::string &Kernel, const std::string &Scope, bool IsScope,
            const std::vector<Sample> &S, const Outliers &O, std::vector<Finding> &Out) {
  Finding F;
  F.K = Kind::StragglerWaves;
  F.Kernel = Kernel;
  F.Scope = Scope;
  uint64_t Worst = 0;
  double Excess = 0;
  // The dispatch each straggler ran in, and its end without their excess.
  std::map<std::pair<uint32_t, int64_t>, int64_t> EndWithout;
  bool Placed = true;
  std::string Instances; // the waves' instances: a slot runs several waves
  for (size_t I : O.Index) {
    const Sample &X = S[I];
    F.Waves.push_back(TriageContext::waveId(X.Wave));
    WaveId Id = F.Waves.back();
    Instances += (Instances.empty() ? "" : " ") + ("SE" + std::to_string(Id[0]) + "/CU" + std::to_string(Id[1]) +
                                                   "/SIMD" + std::to_string(Id[2]) + "/W" + std::to_string(Id[3]) +
                                                   "#" + std::to_string(X.Wave.Instance));
    Worst = std::max(Worst, X.Cycles);
    double Extra = double(X.Cycles) - O.Median;
    Excess += Extra;
    const WaveTime *W = C.wave(X.Dir, X.Wave);
    if (!W) {
      Placed = false;
      continue;
    }
    int64_t &End = EndWithout.try_emplace({W->Dir, W->Dispatch}, INT64_MIN).first->second;
    End = std::max(End, W->End - int64_t(Extra));
  }
  double Gain = 0;
  const DispatchShape *Worst_D = nullptr;
  for (auto &[Key, End] : EndWithout) {
    const DispatchShape *D = C.dispatch(Key.first, Key.second);
    if (!D)
      continue;
    // The other waves' last end bounds how much earlier the dispatch ends.
    int64_t Others = D->Begin;
    for (size_t WI : C.wavesOf(Key.first, Key.second)) {
        const WaveTime &W = C.M.Waves[WI];
        bool Straggler = false;
        for (size_t I : O.Index)
          Straggler |= S[I].Dir == W.Dir && S[I].Wave == W.Wave;
        if (!Straggler)
          Others = std::max(Others, W.End);
      }
    double G = double(D->End - std::max(Others, End));
    if (G > Gain || !Worst_D) {
      Gain = std::max(G, 0.0);
      Worst_D = D;
    }
  }
  if (!Placed || !Worst_D)
    Gain = double(Worst) - O.Median; // no lifetimes: the worst wave's excess
  F.GainCycles = Gain;
  if (Worst_D) {
    F.Dispatch = Worst_D->number();
    F.GainPercent = TriageContext::percent(Gain, Worst_D);
  } else if (const DispatchShape *D = C.longestOf(Kernel)) {
    F.Dispatch = D->number();
    F.GainPercent = TriageContext::percent(Gain, D);
  }
  F.add("waves", int64_t(S.size()));
  F.add("stragglers", int64_t(O.Index.size()));
  F.add("median_cycles", O.Median);
  F.add("threshold_cycles", O.Threshold);
  F.add("slowest_cycles", int64_t(Worst));
  F.add("slowest_over_median", O.Median > 0 ? double(Worst) / O.Median : 0.0);
  F.add("excess_cycles", Excess);
  F.add("wave_instances", Instances);
  F.Conf = Placed && Worst_D ? Confidence::High : Confidence::Medium;
  F.add("confidence_reason", std::string(Placed && Worst_D
                                             ? "every straggler's lifetime is in occupancy: the gain is the dispatch's "
                                               "end without their excess"
                                             : "the stragglers' lifetimes are not known: the gain is the slowest wave's "
                                               "excess"));
  char Line[256];
  std::snprintf(Line, sizeof Line, "%zu of %zu waves spend up to %.1fx the median %.0f cycles %s", O.Index.size(),
                S.size(), O.Median > 0 ? double(Worst) / O.Median : 0.0, O.Median,
                IsScope ? "in this scope" : "alive");
  F.Headline = Line;
  F.Action = kindInfo(Kind::StragglerWaves).Action;
  std::optional<int64_t> Only = Worst_D ? C.narrowTo(*Worst_D) : std::nullopt;
  F.Verify = IsScope ? C.statsCommand(TriageContext::kernelFilter(Kernel), Only)
                     : C.statsCommand("--waves 10 " + TriageContext::kernelFilter(Kernel), Only);
  Out.push_back(std::move(F));
}

} // namespace

void findStragglers(const TriageContext &C, std::vector<Finding> &Out) {
  // In scopes.
  for (const ScopeStats::ScopeWaves &SW : C.M.Scopes.perWave(C.M.Names)) {
    std::vector<Sample> S;
    for (const ScopeStats::WaveCycles &W : SW.Waves)
      S.push_back({W.Dir, W.Wave, W.Cycles});
    Outliers O = outliers(S);
    if (!O.Index.empty())
      report(C, SW.Kernel, C.scopePath(SW.Kernel, SW.Scope), true, S, O, Out);
  }
  // Over lifetimes, per dispatch.
  std::map<std::pair<uint32_t, int64_t>, std::vector<Sample>> ByDispatch;
  for (const WaveTime &W : C.M.Waves)
    ByDispatch[{W.Dir, W.Dispatch}].push_back({W.Dir, W.Wave, W.cycles()});
  for (const auto &[Key, S] : ByDispatch) {
    Outliers O = outliers(S);
    if (O.Index.empty())
      continue;
    const DispatchShape *D = C.dispatch(Key.first, Key.second);
    std::string Kernel = D ? C.M.Names.str(D->Kernel) : "";
    report(C, Kernel, Kernel, false, S, O, Out);
  }
}

} // namespace sqtt::triage
