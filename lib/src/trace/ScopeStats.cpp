// ScopeStats.cpp - per-scope statistics: how a scope's time is distributed.
#include "sqtt/trace/ScopeStats.h"

#include <algorithm>
#include <cmath>

namespace sqtt {

const char *statKindName(StatKind K) {
  switch (K) {
  case StatKind::Function: return "function";
  case StatKind::User: return "user";
  case StatKind::Data: return "data";
  case StatKind::Kernel: return "kernel";
  }
  return "function";
}

uint64_t nearestRank(const std::vector<uint64_t> &Sorted, unsigned Percent) {
  // The smallest value with at least Percent% of the values at or below it.
  size_t Rank = size_t(std::ceil(double(Percent) / 100.0 * double(Sorted.size())));
  return Sorted[std::clamp<size_t>(Rank, 1, Sorted.size()) - 1];
}

void ScopeStats::interval(uint32_t Kernel, uint32_t Scope, StatKind Kind, uint64_t Cycles,
                          uint64_t Self, uint64_t Records, uint64_t Wave, WaveRef Instance, uint32_t Dir,
                          const AddressRecords &Address) {
  Accumulator &A = Acc[{Kernel, Scope, Kind}];
  A.Values.push_back(Cycles);
  A.Self += Self;
  A.Records += Records;
  A.Address.add(Address);
  if (A.LastWave != Wave) {
    A.LastWave = Wave;
    ++A.Waves;
    A.PerWave.push_back({Dir, Instance, 0});
  }
  A.PerWave.back().Cycles += Cycles;
  if (!A.HasMax || Cycles > A.Max) {
    A.HasMax = true;
    A.Max = Cycles;
    A.MaxWave = Instance;
    A.MaxDir = Dir;
  }
}

void ScopeStats::open(uint32_t Kernel, uint32_t Scope, StatKind Kind) { ++Acc[{Kernel, Scope, Kind}].Open; }

void ScopeStats::data(uint32_t Kernel, uint32_t Name, uint64_t Value) {
  Acc[{Kernel, Name, StatKind::Data}].Values.push_back(Value);
}

void ScopeStats::merge(const ScopeStats &Other) {
  for (const auto &[K, O] : Other.Acc) {
    Accumulator &A = Acc[K];
    A.Values.insert(A.Values.end(), O.Values.begin(), O.Values.end());
    A.Self += O.Self;
    A.Records += O.Records;
    A.Address.add(O.Address);
    A.Open += O.Open;
    A.Waves += O.Waves;
    A.LastWave = UINT64_MAX;
    A.PerWave.insert(A.PerWave.end(), O.PerWave.begin(), O.PerWave.end());
    if (O.HasMax && (!A.HasMax || O.Max > A.Max)) {
      A.HasMax = true;
      A.Max = O.Max;
      A.MaxWave = O.MaxWave;
      A.MaxDir = O.MaxDir;
    }
  }
}

std::vector<StatsRow> ScopeStats::rows(const NameTable &Names) const {
  std::vector<StatsRow> Rows;
  for (const auto &[K, A] : Acc) {
    StatsRow R;
    R.Kernel = Names.str(std::get<0>(K));
    R.Scope = Names.str(std::get<1>(K));
    R.Kind = std::get<2>(K);
    R.Open = A.Open;
    R.Waves = A.Waves;
    R.Self = A.Self;
    R.Records = A.Records;
    R.Address = A.Address;
    if (!A.Values.empty()) {
      std::vector<uint64_t> Sorted = A.Values;
      std::sort(Sorted.begin(), Sorted.end());
      R.Count = Sorted.size();
      long double Sum = 0;
      for (uint64_t V : Sorted)
        Sum += V;
      R.Total = R.Kind == StatKind::Data ? 0 : uint64_t(Sum);
      R.Mean = double(Sum / (long double)Sorted.size());
      R.Min = Sorted.front();
      R.Max = Sorted.back();
      if (R.Kind != StatKind::Data) {
        R.P50 = nearestRank(Sorted, 50);
        R.P90 = nearestRank(Sorted, 90);
        R.P99 = nearestRank(Sorted, 99);
        R.SlowestWave = A.MaxWave;
        R.SlowestWaveDir = Names.str(A.MaxDir);
      }
    }
    Rows.push_back(std::move(R));
  }
  std::stable_sort(Rows.begin(), Rows.end(), [](const StatsRow &A, const StatsRow &B) {
    bool DA = A.Kind == StatKind::Data, DB = B.Kind == StatKind::Data;
    if (DA != DB)
      return DB;
    return DA ? A.Count > B.Count : A.Total > B.Total;
  });
  return Rows;
}

std::vector<ScopeStats::ScopeWaves> ScopeStats::perWave(const NameTable &Names) const {
  std::vector<ScopeWaves> Out;
  for (const auto &[K, A] : Acc)
    if (std::get<2>(K) != StatKind::Data && !A.PerWave.empty())
      Out.push_back({Names.str(std::get<0>(K)), Names.str(std::get<1>(K)), std::get<2>(K), A.PerWave});
  return Out;
}

std::vector<StatsRow> kernelRows(const std::vector<WaveTime> &Waves, const NameTable &Names) {
  struct Acc {
    std::vector<uint64_t> Cycles;
    uint64_t Traced = 0, TracedCycles = 0, Scoped = 0;
    const WaveTime *Slowest = nullptr;
  };
  std::map<uint32_t, Acc> ByKernel;
  for (const WaveTime &W : Waves) {
    Acc &A = ByKernel[W.Kernel];
    A.Cycles.push_back(W.cycles());
    if (!A.Slowest || W.cycles() > A.Slowest->cycles())
      A.Slowest = &W;
    if (W.Traced) {
      ++A.Traced;
      A.TracedCycles += W.cycles();
      A.Scoped += std::min(W.Scoped, W.cycles());
    }
  }
  std::vector<StatsRow> Rows;
  for (auto &[Kernel, A] : ByKernel) {
    StatsRow R;
    R.Kernel = Names.str(Kernel);
    R.Scope = "(waves)";
    R.Kind = StatKind::Kernel;
    std::sort(A.Cycles.begin(), A.Cycles.end());
    R.Count = A.Cycles.size();
    long double Sum = 0;
    for (uint64_t C : A.Cycles)
      Sum += C;
    R.Total = uint64_t(Sum);
    R.Mean = double(Sum / (long double)A.Cycles.size());
    R.Min = A.Cycles.front();
    R.Max = A.Cycles.back();
    R.P50 = nearestRank(A.Cycles, 50);
    R.P90 = nearestRank(A.Cycles, 90);
    R.P99 = nearestRank(A.Cycles, 99);
    R.Waves = A.Traced;
    // Self and scoped time rest on the waves that recorded markers, as the
    // flamegraph's frames do; a kernel none of whose waves recorded any is
    // all self time, as its flamegraph frame (D29).
    R.Self = A.Traced ? A.TracedCycles - A.Scoped : R.Total;
    R.ScopedFraction = A.TracedCycles ? double(A.Scoped) / double(A.TracedCycles) : 0;
    R.SlowestWave = A.Slowest->Wave;
    R.SlowestWaveDir = Names.str(A.Slowest->Dir);
    Rows.push_back(std::move(R));
  }
  std::stable_sort(Rows.begin(), Rows.end(), [](const StatsRow &A, const StatsRow &B) { return A.Total > B.Total; });
  return Rows;
}

void sortStatsRows(std::vector<StatsRow> &Rows, const std::string &By) {
  auto Key = [&](const StatsRow &R) -> double {
    if (By == "count")
      return double(R.Count);
    if (By == "self")
      return double(R.Self);
    if (By == "mean")
      return R.Mean;
    if (By == "max")
      return double(R.Max);
    if (By == "p99")
      return double(R.P99);
    return double(R.Total);
  };
  auto Scopes = std::stable_partition(Rows.begin(), Rows.end(), [](const StatsRow &R) {
    return R.Kind != StatKind::Data;
  });
  std::stable_sort(Rows.begin(), Scopes, [&](const StatsRow &A, const StatsRow &B) {
    if (By == "name")
      return std::tie(A.Kernel, A.Scope) < std::tie(B.Kernel, B.Scope);
    return Key(A) > Key(B);
  });
}

} // namespace sqtt
