// MemorySummary.cpp - what the address traces say about each memory operation.
#include "sqtt/trace/MemorySummary.h"
#include "sqtt/support/JsonString.h"

#include <algorithm>
#include <array>
#include <map>

namespace sqtt {

namespace ab = sqtt_address_block;

bool isCachedMemoryKind(AddressKind K) {
  return K != AddressKind::none && !ab::has_32bit_addresses(ab::protocol_of(K));
}

bool isLdsBankKind(AddressKind K) { return K != AddressKind::none && ab::protocol_of(K) == ab::protocol::lds; }

bool isNarrowAddressKind(AddressKind K) {
  return K != AddressKind::none && ab::has_32bit_addresses(ab::protocol_of(K));
}

void appendAddress(std::string &Out, AddressKind K, uint64_t Address) {
  // As "0x%0*llx" with 8 or 16: at least that many digits, more if needed.
  unsigned Digits = isNarrowAddressKind(K) ? 8 : 16;
  while (Digits < 16 && (Address >> (4 * Digits)))
    ++Digits;
  appendHex(Out, Address, Digits);
}

std::string formatAddress(AddressKind K, uint64_t Address) {
  std::string Out;
  appendAddress(Out, K, Address);
  return Out;
}

std::vector<uint32_t> activeLanes(uint64_t Exec, unsigned WaveSize) {
  std::vector<uint32_t> Lanes;
  forEachActiveLane(Exec, WaveSize, [&](uint32_t L) { Lanes.push_back(L); });
  return Lanes;
}

namespace {

/// The last byte of a \p Width-byte access at \p A (no wrap past 2^64).
uint64_t lastByte(uint64_t A, uint64_t Width) {
  uint64_t W = std::max<uint64_t>(Width, 1);
  return A > UINT64_MAX - (W - 1) ? UINT64_MAX : A + W - 1;
}

} // namespace

namespace {

/// \p Addresses in ascending order: themselves where they are (lanes mostly
/// access ascending addresses), else a sorted copy in \p Scratch.
const std::vector<uint64_t> &sortedAddresses(const std::vector<uint64_t> &Addresses,
                                             std::vector<uint64_t> &Scratch) {
  if (std::is_sorted(Addresses.begin(), Addresses.end()))
    return Addresses;
  Scratch.assign(Addresses.begin(), Addresses.end());
  std::sort(Scratch.begin(), Scratch.end());
  return Scratch;
}

/// The units of \p Unit bytes that \p Width-byte accesses at the ascending
/// \p Sorted touch: the union of each access's units, counted in one pass.
uint64_t unitsTouched(const std::vector<uint64_t> &Sorted, uint32_t Width, uint64_t Unit) {
  uint64_t Units = 0, Next = 0; // Next: the first unit not yet counted
  bool Any = false;
  for (uint64_t A : Sorted) {
    uint64_t First = A / Unit, Last = lastByte(A, Width) / Unit;
    uint64_t From = Any ? std::max(First, Next) : First;
    if (From <= Last)
      Units += Last - From + 1;
    // Last / Unit < UINT64_MAX for Unit > 1; bytes (Unit 1) end at the top.
    Next = std::max(Next, Last == UINT64_MAX ? UINT64_MAX : Last + 1);
    Any = true;
  }
  return Units;
}

} // namespace

uint64_t distinctBytes(std::vector<uint64_t> Addresses, uint32_t Width) {
  std::sort(Addresses.begin(), Addresses.end());
  return unitsTouched(Addresses, Width, 1);
}

uint32_t cacheLinesTouched(const std::vector<uint64_t> &Addresses, uint32_t Width) {
  std::vector<uint64_t> Scratch;
  return uint32_t(unitsTouched(sortedAddresses(Addresses, Scratch), Width, CacheLineBytes));
}

uint32_t idealCacheLines(uint32_t Lanes, uint32_t Width) {
  return uint32_t((uint64_t(Lanes) * Width + CacheLineBytes - 1) / CacheLineBytes);
}

namespace {

/// Calls \p Fn with each lane set of ldsLaneSets (a pointer and a count), in
/// order, without building the sets.
template <class Fn> void forEachLdsLaneSet(uint32_t Width, unsigned WaveSize, Fn F) {
  std::array<uint32_t, 64> Set;
  if (WaveSize == 64 && Width > 8) {
    static const uint32_t Quads[4][2] = {{0, 20}, {4, 16}, {8, 28}, {12, 24}};
    for (uint32_t Half : {0u, 32u})
      for (const auto &Q : Quads) {
        for (uint32_t I = 0; I < 4; ++I)
          Set[I] = Half + Q[0] + I, Set[4 + I] = Half + Q[1] + I;
        F(Set.data(), size_t(8));
      }
    return;
  }
  // Lanes in order, 128 bytes a pass (wave64 up to 8 bytes: Omniprobe's sets).
  uint32_t PerSet = Width <= 4 ? 32 : Width <= 8 ? 16 : 8;
  for (uint32_t First = 0; First < WaveSize; First += PerSet) {
    uint32_t N = std::min(PerSet, WaveSize - First);
    for (uint32_t I = 0; I < N; ++I)
      Set[I] = First + I;
    F(Set.data(), size_t(N));
  }
}

} // namespace

std::vector<std::vector<uint32_t>> ldsLaneSets(uint32_t Width, unsigned WaveSize) {
  std::vector<std::vector<uint32_t>> Sets;
  forEachLdsLaneSet(Width, WaveSize, [&](const uint32_t *Lanes, size_t N) { Sets.emplace_back(Lanes, Lanes + N); });
  return Sets;
}

LdsConflicts ldsBankConflicts(const std::vector<uint32_t> &Lanes, const std::vector<uint64_t> &Addresses,
                              uint32_t Width, unsigned WaveSize, uint32_t SpanWidth) {
  std::array<int32_t, 64> Index;
  Index.fill(-1);
  for (size_t I = 0; I < Lanes.size() && I < Addresses.size(); ++I)
    if (Lanes[I] < 64)
      Index[Lanes[I]] = int32_t(I);
  LdsConflicts C;
  // Wider than 16 bytes is served as 16-byte passes: counted as 16.
  uint32_t Served = std::min<uint32_t>(SpanWidth ? SpanWidth : Width, 16);
  // At most 32 lanes a set, each over at most 5 dwords (16 bytes unaligned).
  std::array<uint64_t, 32 * 5> Dwords;
  forEachLdsLaneSet(std::min<uint32_t>(Width, 16), WaveSize, [&](const uint32_t *Set, size_t SetLanes) {
    size_t N = 0;
    for (size_t K = 0; K < SetLanes; ++K)
      if (int32_t At = Index[Set[K]]; At >= 0) {
        uint64_t A = Addresses[size_t(At)];
        for (uint64_t D = A / 4, Last = lastByte(A, Served) / 4; D <= Last && N < Dwords.size(); ++D)
          Dwords[N++] = D;
      }
    if (N == 0)
      return;
    std::sort(Dwords.begin(), Dwords.begin() + N);
    N = size_t(std::unique(Dwords.begin(), Dwords.begin() + N) - Dwords.begin());
    std::array<uint32_t, 32> PerBank{};
    uint32_t Max = 0;
    for (size_t K = 0; K < N; ++K)
      Max = std::max(Max, ++PerBank[Dwords[K] % 32]);
    C.Ways += Max;
    C.ExtraCycles += Max - 1;
    C.WorstWays = std::max(C.WorstWays, Max);
  });
  return C;
}

void MemorySummary::Accumulator::compact() {
  std::sort(Seen.begin(), Seen.end());
  Seen.erase(std::unique(Seen.begin(), Seen.end()), Seen.end());
  Unique = Seen.size();
}

void MemorySummary::add(const AddressTrace &T) {
  ++Operations;
  Addresses += T.Addresses.size();
  SEs.insert(T.SE);
  CUs.insert(T.CU);
  SIMDs.insert(T.SIMD);
  if (!KindCount || T.Kind != CountedKind) { // traces of one kind come in runs
    KindCount = &PerKind[addressKindName(T.Kind)];
    CountedKind = T.Kind;
  }
  ++*KindCount;

  Key K{T.Kernel, T.CodeObject.value_or(UINT64_MAX), T.MarkerID, uint8_t(T.Kind), T.SourceLoc};
  auto [It, New] = Rows.try_emplace(K);
  Accumulator &A = It->second;
  MemorySummaryRow &R = A.Row;
  if (New) {
    R.Kernel = T.Kernel;
    R.CodeObject = T.CodeObject;
    R.MarkerID = T.MarkerID;
    R.Kind = T.Kind;
    R.Source = T.SourceLoc;
    R.Base = T.Base;
    R.WidthAssumed = T.AccessBytes == 0;
    R.AccessBytes = T.AccessBytes ? T.AccessBytes : AssumedAccessBytes;
    if (isCachedMemoryKind(T.Kind))
      R.CacheLines = R.IdealLines = 0;
    if (isLdsBankKind(T.Kind))
      R.ConflictWays = R.ExtraCycles = R.WorstSetWays = R.WorstSetWaysSum = 0;
  }
  ++R.Executions;
  R.ActiveLanes += T.Addresses.size();
  Lanes.clear();
  forEachActiveLane(T.Exec, T.WaveSize, [&](uint32_t L) { Lanes.push_back(L); });
  // Without a width in the map each lane is counted at its address alone,
  // as before widths were recorded; the assumed 4 bytes only size the ideal.
  uint32_t Span = R.WidthAssumed ? 1 : R.AccessBytes;
  if (R.CacheLines) {
    const std::vector<uint64_t> &Sorted = sortedAddresses(T.Addresses, SortScratch);
    *R.CacheLines += unitsTouched(Sorted, Span, CacheLineBytes);
    *R.IdealLines += idealCacheLines(uint32_t(T.Addresses.size()), R.AccessBytes);
    R.DistinctBytes += unitsTouched(Sorted, R.AccessBytes, 1);
  }
  if (R.ConflictWays) {
    LdsConflicts C = ldsBankConflicts(Lanes, T.Addresses, R.AccessBytes, T.WaveSize, Span);
    *R.ConflictWays += C.Ways;
    *R.ExtraCycles += C.ExtraCycles;
    *R.WorstSetWays = std::max<uint64_t>(*R.WorstSetWays, C.WorstWays);
    *R.WorstSetWaysSum += C.WorstWays;
  }
  if (!T.Addresses.empty()) {
    auto [Min, Max] = std::minmax_element(T.Addresses.begin(), T.Addresses.end());
    R.MinAddress = std::min(R.MinAddress.value_or(*Min), *Min);
    R.MaxAddress = std::max(R.MaxAddress.value_or(*Max), *Max);
  }
  // Strides between neighbouring lanes, counted a run of equal ones at a
  // time (a wave's lanes mostly share one).
  int64_t RunStride = 0;
  uint64_t Run = 0;
  for (size_t I = 1; I < T.Addresses.size() && I < Lanes.size(); ++I) {
    if (Lanes[I] != Lanes[I - 1] + 1)
      continue;
    int64_t Stride = int64_t(T.Addresses[I] - T.Addresses[I - 1]);
    if (Run && Stride == RunStride) {
      ++Run;
      continue;
    }
    if (Run)
      A.Strides[RunStride] += Run;
    RunStride = Stride, Run = 1;
  }
  if (Run)
    A.Strides[RunStride] += Run;
  if (!CountUnique)
    return;
  A.Seen.insert(A.Seen.end(), T.Addresses.begin(), T.Addresses.end());
  if (A.Seen.size() > 2 * A.Unique + 4096)
    A.compact();
}

std::vector<MemorySummaryRow> MemorySummary::rows() {
  std::vector<MemorySummaryRow> Out;
  for (auto &[K, A] : Rows) {
    A.compact();
    MemorySummaryRow R = A.Row;
    R.UniqueAddresses = A.Unique;
    // The most frequent stride; ties go to the smallest magnitude, then the
    // positive one, so the answer does not depend on hash order.
    uint64_t Best = 0;
    for (auto &[Stride, N] : A.Strides) {
      auto Rank = [](int64_t S) { return std::make_pair(S < 0 ? -uint64_t(S) : uint64_t(S), S < 0); };
      if (N > Best || (N == Best && Rank(Stride) < Rank(*R.DominantStride))) {
        Best = N;
        R.DominantStride = Stride;
      }
    }
    Out.push_back(R);
  }
  std::stable_sort(Out.begin(), Out.end(), [&](const MemorySummaryRow &A, const MemorySummaryRow &B) {
    if (A.cost() != B.cost())
      return A.cost() > B.cost();
    const std::string &KA = Names.str(A.Kernel), &KB = Names.str(B.Kernel);
    if (KA != KB)
      return KA < KB;
    uint64_t CA = A.CodeObject.value_or(UINT64_MAX), CB = B.CodeObject.value_or(UINT64_MAX);
    if (CA != CB)
      return CA < CB;
    return A.MarkerID < B.MarkerID;
  });
  return Out;
}

std::vector<MemoryObjectRow> memoryObjectRows(const std::vector<MemorySummaryRow> &Rows, const NameTable &Names) {
  std::map<std::pair<std::string, std::string>, MemoryObjectRow> By; // by the names: stable order
  for (const MemorySummaryRow &R : Rows) {
    MemoryObjectRow &O = By[{Names.str(R.Kernel), Names.str(R.Base)}];
    O.Kernel = R.Kernel, O.Base = R.Base;
    ++O.Operations;
    O.Executions += R.Executions;
    O.Bytes += R.bytesRequested();
    if (R.CacheLines)
      O.CachedBytes += R.DistinctBytes;
    O.WidthAssumed |= R.WidthAssumed;
    auto Add = [](std::optional<uint64_t> &To, const std::optional<uint64_t> &V) {
      if (V)
        To = To.value_or(0) + *V;
    };
    Add(O.CacheLines, R.CacheLines);
    Add(O.ConflictWays, R.ConflictWays);
    Add(O.ExtraCycles, R.ExtraCycles);
    if (R.WorstSetWays)
      O.WorstSetWays = std::max(O.WorstSetWays.value_or(0), *R.WorstSetWays);
  }
  std::vector<MemoryObjectRow> Out;
  for (auto &[Key, O] : By)
    Out.push_back(O);
  std::stable_sort(Out.begin(), Out.end(),
                   [](const MemoryObjectRow &A, const MemoryObjectRow &B) { return A.Bytes > B.Bytes; });
  return Out;
}

} // namespace sqtt
