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

/// The cache line the coalescing counts are in (every target: the L2's
/// 128-byte line of gfx9 CDNA and of RDNA alike).
constexpr uint32_t CacheLineBytes = 128;
/// The width assumed for an operation whose map does not say (code objects
/// built before access_bytes existed).
constexpr uint32_t AssumedAccessBytes = 4;

/// Distinct bytes the lanes at \p Addresses touch, each moving \p Width
/// bytes from its address.
uint64_t distinctBytes(std::vector<uint64_t> Addresses, uint32_t Width);
/// Distinct 128-byte lines the lanes at \p Addresses touch, each moving
/// \p Width bytes from its address.
uint32_t cacheLinesTouched(const std::vector<uint64_t> &Addresses, uint32_t Width);
/// The fewest lines \p Lanes lanes of \p Width bytes can touch:
/// ceil(Lanes * Width / 128).
uint32_t idealCacheLines(uint32_t Lanes, uint32_t Width);

/// LDS bank conflicts of one execution: 32 banks of 4 bytes; the lanes are
/// served in sets, and in each set the bank holding the most distinct dwords
/// decides how many passes the set takes. Wave64 sets are Omniprobe's
/// published ones (FORMATS §13): lanes {0-31} and {32-63} for accesses of 1
/// to 4 bytes, four sets of 16 lanes for 8 bytes, and {0-3,20-23},
/// {4-7,16-19}, {8-11,28-31}, {12-15,24-27} and the same +32 for wider
/// accesses. Wave32 (gfx10+): the LDS serves 128 bytes a clock (32 banks of 4
/// bytes, as the RDNA ISA guides give it), so a set is 128 / Width lanes in
/// lane order: {0-31}, two of 16 for 8 bytes, four of 8 for 16 bytes; this
/// project's model, no published set is known to it.
struct LdsConflicts {
  uint32_t Ways = 0;        // the sets' most dwords in one bank, summed (1 a set: none)
  uint32_t ExtraCycles = 0; // the same less one per set: the passes a conflict adds
  uint32_t WorstWays = 0;   // the worst set's most dwords in one bank (1: no conflict)
};
/// \p SpanWidth, when not 0, the bytes counted from each address (1 for maps
/// without widths: a lane's address alone, as before widths were recorded).
/// Accesses wider than 16 bytes are counted as 16.
LdsConflicts ldsBankConflicts(const std::vector<uint32_t> &Lanes, const std::vector<uint64_t> &Addresses,
                              uint32_t Width, unsigned WaveSize, uint32_t SpanWidth = 0);
/// The lane sets of ldsBankConflicts (\p Width as it counts it).
std::vector<std::vector<uint32_t>> ldsLaneSets(uint32_t Width, unsigned WaveSize);

struct MemorySummaryRow {
  uint32_t Kernel = 0;                // interned; "" when the dispatch is unknown
  std::optional<uint64_t> CodeObject; // whose map named the operation
  uint32_t MarkerID = 0;
  AddressKind Kind = AddressKind::none;
  uint32_t Source = 0; // interned inline chain; "" when the map has none
  uint32_t Base = 0;   // interned base object; "" when the map does not say
  /// Bytes a lane moves; WidthAssumed when the map does not say (then 4).
  uint32_t AccessBytes = AssumedAccessBytes;
  bool WidthAssumed = true;
  uint64_t Executions = 0, ActiveLanes = 0, UniqueAddresses = 0;
  /// Cached memory kinds only: lines touched, the fewest possible.
  std::optional<uint64_t> CacheLines, IdealLines;
  /// LDS kinds only. WorstSetWays: the most ways one lane set of one
  /// execution took (1: no conflict anywhere); WorstSetWaysSum: each
  /// execution's worst set, summed (over Executions: the mean).
  std::optional<uint64_t> ConflictWays, ExtraCycles, WorstSetWays, WorstSetWaysSum;
  /// The most frequent address difference between adjacent active lanes.
  std::optional<int64_t> DominantStride;
  std::optional<uint64_t> MinAddress, MaxAddress;

  /// What the table is sorted by: cache lines, or bank-conflict ways.
  uint64_t cost() const { return CacheLines ? *CacheLines : ConflictWays.value_or(0); }

  // Per execution (absent when the kind has no such cost or it never ran).
  std::optional<double> linesPerExecution() const { return perExecution(CacheLines); }
  std::optional<double> idealLinesPerExecution() const { return perExecution(IdealLines); }
  std::optional<double> conflictWaysPerExecution() const { return perExecution(ConflictWays); }
  /// The worst lane set's ways, on average over executions (1: no conflict).
  std::optional<double> meanWorstSetWays() const { return perExecution(WorstSetWaysSum); }
  /// Lines touched over the fewest the same lanes and width could touch.
  std::optional<double> linesVsIdeal() const {
    if (!CacheLines || !IdealLines || *IdealLines == 0)
      return std::nullopt;
    return double(*CacheLines) / double(*IdealLines);
  }
  /// Bytes the lanes asked for.
  uint64_t bytesRequested() const { return ActiveLanes * AccessBytes; }
  /// Distinct bytes the lanes touched, summed over executions (cached kinds).
  uint64_t DistinctBytes = 0;
  /// Distinct bytes touched over bytes of the lines touched (1: every byte
  /// of every line used; lanes reading one address count it once).
  std::optional<double> efficiency() const {
    if (!CacheLines || *CacheLines == 0)
      return std::nullopt;
    return double(DistinctBytes) / double(*CacheLines * CacheLineBytes);
  }

private:
  std::optional<double> perExecution(const std::optional<uint64_t> &V) const {
    if (!V || Executions == 0)
      return std::nullopt;
    return double(*V) / double(Executions);
  }
};

/// The operations of one base object of one kernel, together.
struct MemoryObjectRow {
  uint32_t Kernel = 0, Base = 0; // interned
  uint64_t Operations = 0, Executions = 0, Bytes = 0;
  uint64_t CachedBytes = 0; // distinct bytes of its cached kinds' rows
  std::optional<uint64_t> CacheLines, ConflictWays, ExtraCycles;
  std::optional<uint64_t> WorstSetWays; // the most ways one lane set took (1: no conflict)
  bool WidthAssumed = false; // some operation's width was assumed
  std::optional<double> efficiency() const {
    if (!CacheLines || *CacheLines == 0)
      return std::nullopt;
    return double(CachedBytes) / double(*CacheLines * CacheLineBytes);
  }
};
/// \p Rows by (kernel, base object), by descending bytes.
std::vector<MemoryObjectRow> memoryObjectRows(const std::vector<MemorySummaryRow> &Rows, const NameTable &Names);

class MemorySummary {
public:
  explicit MemorySummary(const NameTable &Names) : Names(Names) {}
  MemorySummary(const MemorySummary &) = delete; // add() keeps a pointer into PerKind
  /// Whether rows count their distinct addresses (UniqueAddresses): every
  /// address is kept, deduplicated from time to time, which a reader that
  /// does not show them (sqtt-triage) can spare. On by default.
  void countUniqueAddresses(bool On) { CountUnique = On; }

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
  bool CountUnique = true;
  // The counter of the kind counted last, and scratch reused by add().
  uint64_t *KindCount = nullptr;
  AddressKind CountedKind = AddressKind::none;
  std::vector<uint32_t> Lanes;
  std::vector<uint64_t> SortScratch;
};

} // namespace sqtt
