// ScopeStats.h - per-scope statistics: how a scope's time is distributed.
//
// The analysis reports every closed interval of a function or user scope
// (entry to the exit that closes it, in cycles, with the self time spent
// while it was the innermost scope), every scope still open when its wave
// ended or its dispatch changed, and every payload value of a data marker.
// Rows are keyed by (kernel, scope, kind); percentiles are nearest-rank.
#pragma once

#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceModel.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace sqtt {

enum class StatKind : uint8_t { Function, User, Data, Kernel };
const char *statKindName(StatKind K);

/// The address blocks a scope's intervals hold: how many, their records
/// (header, EXEC and buffer words, lanes) and, of those, the per-lane ones
/// by words per lane ([0] one, [1] two: a 64-bit address). The plugin
/// writes the lanes in loops and the rest once a block, so each costs
/// differently from a marker (sqtt-verify --cost --trace).
struct AddressRecords {
  uint64_t Blocks = 0, Records = 0;
  std::array<uint64_t, 2> Lanes{};
  void add(const AddressRecords &O) {
    Blocks += O.Blocks, Records += O.Records, Lanes[0] += O.Lanes[0], Lanes[1] += O.Lanes[1];
  }
  /// What was added since \p Before (a running count's earlier value).
  AddressRecords since(const AddressRecords &Before) const {
    return {Blocks - Before.Blocks, Records - Before.Records,
            {Lanes[0] - Before.Lanes[0], Lanes[1] - Before.Lanes[1]}};
  }
};

/// The kernels (interned) of a map keyed by (kernel, ...) tuples: those
/// with rows.
template <class KeyedByKernel> std::set<uint32_t> kernelsOfKeys(const KeyedByKernel &Map) {
  std::set<uint32_t> Kernels;
  for (const auto &Entry : Map)
    Kernels.insert(std::get<0>(Entry.first));
  return Kernels;
}

/// One row of sqtt-stats. Data rows fill Count, Min, Mean and Max only.
/// Kernel rows (D25) describe its waves: Count waves in occupancy.json,
/// Total and the distribution over their lifetimes, Waves those that
/// recorded markers, Self their time outside every scope, ScopedFraction
/// the share of their time inside scopes.
struct StatsRow {
  std::string Kernel, Scope;
  StatKind Kind = StatKind::Function;
  uint64_t Count = 0, Total = 0, Self = 0, Min = 0, P50 = 0, P90 = 0, P99 = 0, Max = 0;
  double Mean = 0;
  uint64_t Waves = 0, Open = 0;
  /// Scope rows: the records its intervals hold, summed (markers, payload
  /// records and address blocks between its enter and its exit, the exit
  /// included).
  uint64_t Records = 0;
  AddressRecords Address; // of those, the address blocks'

  double ScopedFraction = -1; // kernel rows only
  /// The wave instance of the longest interval (scope rows with intervals)
  /// and its trace directory.
  std::optional<WaveRef> SlowestWave;
  std::string SlowestWaveDir;
};

/// The nearest-rank \p Percent percentile of sorted \p Values (non-empty).
uint64_t nearestRank(const std::vector<uint64_t> &Sorted, unsigned Percent);

class ScopeStats {
public:
  /// A closed interval of \p Scope in wave \p Wave (unique per trace dir
  /// and wave instance; a wave's intervals are reported together) holding
  /// \p Records records, \p Address of them in address blocks.
  void interval(uint32_t Kernel, uint32_t Scope, StatKind Kind, uint64_t Cycles, uint64_t Self,
                uint64_t Records, uint64_t Wave, WaveRef Instance, uint32_t Dir,
                const AddressRecords &Address = {});
  /// A scope still open at wave end or dispatch change.
  void open(uint32_t Kernel, uint32_t Scope, StatKind Kind);
  /// One payload value of data marker \p Name.
  void data(uint32_t Kernel, uint32_t Name, uint64_t Value);
  /// Adds \p Other (another trace directory: waves are distinct).
  void merge(const ScopeStats &Other);
  bool empty() const { return Acc.empty(); }
  /// The kernels with rows (interned).
  std::set<uint32_t> kernels() const { return kernelsOfKeys(Acc); }

  /// Rows sorted by descending total (data rows after scopes, by count).
  std::vector<StatsRow> rows(const NameTable &Names) const;

  /// One wave instance's cycles in a scope: its closed intervals summed.
  struct WaveCycles {
    uint32_t Dir = 0; // interned trace directory
    WaveRef Wave;
    uint64_t Cycles = 0;
  };
  /// Per (kernel, scope) row of rows(): every wave that closed the scope,
  /// with its cycles in it (what an outlier rule over waves needs).
  struct ScopeWaves {
    std::string Kernel, Scope;
    StatKind Kind = StatKind::Function;
    std::vector<WaveCycles> Waves;
  };
  std::vector<ScopeWaves> perWave(const NameTable &Names) const;

private:
  struct Accumulator {
    std::vector<uint64_t> Values; // interval cycles, or payload values
    uint64_t Self = 0, Open = 0, Waves = 0, LastWave = UINT64_MAX;
    uint64_t Records = 0;
    AddressRecords Address;
    uint64_t Max = 0;
    WaveRef MaxWave;
    uint32_t MaxDir = 0;
    bool HasMax = false;
    std::vector<WaveCycles> PerWave; // a wave's intervals come together
  };
  using Key = std::tuple<uint32_t, uint32_t, StatKind>;
  std::map<Key, Accumulator> Acc;
};

/// One wave instance's lifetime (occupancy.json) and the cycles it spent in
/// scopes of its own dispatch (D25).
struct WaveTime {
  uint32_t Kernel = 0, Dir = 0; // interned display name, trace directory
  int64_t Dispatch = 0;
  WaveRef Wave;
  int64_t Launch = 0, End = 0;
  uint64_t Scoped = 0;
  bool Traced = false; // recorded markers
  uint64_t cycles() const { return uint64_t(End - Launch); }
};

/// One row per kernel of \p Waves, by descending total.
std::vector<StatsRow> kernelRows(const std::vector<WaveTime> &Waves, const NameTable &Names);

/// Sorts scope rows by column \p By (count, self, mean, max, p99, name, or
/// total: descending, names ascending); data rows stay after them in the
/// library's order.
void sortStatsRows(std::vector<StatsRow> &Rows, const std::string &By);

} // namespace sqtt
