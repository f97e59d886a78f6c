// MemorySummary.h - what the address traces say about each memory operation.
//
// One row per (kernel, traced operation): how often it ran, with how many
// lanes, how many distinct addresses it touched, and what it costs the
// memory system per execution: 128-byte cache lines for global, flat and
// buffer operations (coalescing), bank conflicts for LDS operations. Rows are
// accumulated trace by trace, so the traces themselves need not be kept.
#pragma once

#include "sqtt/trace/TraceAnalysis.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace sqtt {

/// Global, flat and buffer operations: their cost is in cache lines.
bool isCachedMemoryKind(AddressKind K);
/// LDS loads, stores and atomics: their cost is in bank conflicts.
bool isLdsBankKind(AddressKind K);
/// Addresses printed with 8 hex digits (LDS offsets, permute byte indices).
bool isNarrowAddressKind(AddressKind K);
/// "0x%08x" for narrow kinds, "0x%016x" otherwise (FORMATS §5).
std::string formatAddress(AddressKind K, uint64_t Address);
/// The same, appended to \p Out.
void appendAddress(std::string &Out, AddressKind K, uint64_t Address);

/// Calls \p F with each lane of \p Exec that a wave of \p WaveSize lanes
/// has, ascending.
template <class Fn> void forEachActiveLane(uint64_t Exec, unsigned WaveSize, Fn F) {
  for (uint32_t L = 0; L < WaveSize && L < 64; ++L)
    if ((Exec >> L) & 1)
      F(L);
}
/// The same lanes, as a list.
std::vector<uint32_t> activeLanes(uint64_t Exec, unsigned WaveSize);

/// Distinct 128-byte lines among \p Addresses.
uint32_t cacheLines128(const std::vector<uint64_t> &Addresses);
/// The lines a contiguous 4-byte-per-lane access of \p Lanes lanes touches.
uint32_t idealCacheLines128(uint32_t Lanes);
/// For each 32-lane group with an active lane, the largest number of
/// distinct 4-byte words that fall into one of the 32 banks, summed over the
/// groups (one per group means no conflict). \p Lanes are the lane numbers
/// of \p Addresses.
uint32_t ldsBankConflictWays(const std::vector<uint32_t> &Lanes,
                             const std::vector<uint64_t> &Addresses);

struct MemorySummaryRow {
  uint32_t Kernel = 0;                // interned; "" when the dispatch is unknown
  std::optional<uint64_t> CodeObject; // whose map named the operation
  uint32_t MarkerID = 0;
  AddressKind Kind = AddressKind::None;
  uint32_t Source = 0; // interned inline chain; "" when the map has none
  uint64_t Executions = 0, ActiveLanes = 0, UniqueAddresses = 0;
  /// Cached memory kinds only.
  std::optional<uint64_t> CacheLines, IdealLines;
  /// LDS kinds only.
  std::optional<uint64_t> ConflictWays;
  /// The most frequent address difference between adjacent active lanes.
  std::optional<int64_t> DominantStride;
  std::optional<uint64_t> MinAddress, MaxAddress;

  /// What the table is sorted by: cache lines, or bank-conflict ways.
  uint64_t cost() const { return CacheLines ? *CacheLines : ConflictWays.value_or(0); }

  // Per execution (absent when the kind has no such cost or it never ran).
  std::optional<double> linesPerExecution() const { return perExecution(CacheLines); }
  std::optional<double> idealLinesPerExecution() const { return perExecution(IdealLines); }
  std::optional<double> conflictWaysPerExecution() const { return perExecution(ConflictWays); }
  /// Lines touched over the lines a contiguous 4-byte access would touch.
  std::optional<double> linesVsIdeal() const {
    if (!CacheLines || !IdealLines || *IdealLines == 0)
      return std::nullopt;
    return double(*CacheLines) / double(*IdealLines);
  }

private:
  std::optional<double> perExecution(const std::optional<uint64_t> &V) const {
    if (!V || Executions == 0)
      return std::nullopt;
    return double(*V) / double(Executions);
  }
};

class MemorySummary {
public:
  explicit MemorySummary(const NameTable &Names) : Names(Names) {}

  void add(const AddressTrace &T);

  /// The rows by descending cost, then kernel, code object and marker ID.
  /// (Deduplicates the addresses seen, hence not const.)
  std::vector<MemorySummaryRow> rows();

  uint64_t Operations = 0, Addresses = 0;
  std::set<int> SEs, CUs, SIMDs;
  std::map<std::string, uint64_t> PerKind;

private:
  struct Accumulator {
    MemorySummaryRow Row;
    std::vector<uint64_t> Seen; // addresses, deduplicated when it doubles
    size_t Unique = 0;          // Seen's size after the last deduplication
    std::unordered_map<int64_t, uint64_t> Strides;
    void compact();
  };
  using Key = std::tuple<uint32_t, uint64_t, uint32_t, uint8_t, uint32_t>;
  const NameTable &Names;
  std::map<Key, Accumulator> Rows;
};

} // namespace sqtt
