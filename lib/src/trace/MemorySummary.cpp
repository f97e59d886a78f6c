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

uint64_t distinctBytes(std::vector<uint64_t> Addresses, uint32_t Width) {
  std::sort(Addresses.begin(), Addresses.end());
  uint64_t Bytes = 0, End = 0; // End: one past the last byte counted
  bool Any = false;
  for (uint64_t A : Addresses) {
    uint64_t Last = lastByte(A, Width);
    uint64_t From = Any ? std::max(A, End) : A;
    if (!Any || Last >= From)
      Bytes += Last - From + 1;
    End = std::max(End, Last == UINT64_MAX ? UINT64_MAX : Last + 1);
    Any = true;
  }
  return Bytes;
}

uint32_t cacheLinesTouched(const std::vector<uint64_t> &Addresses, uint32_t Width) {
  std::vector<uint64_t> Lines;
  Lines.reserve(Addresses.size() * 2);
  for (uint64_t A : Addresses)
    for (uint64_t L = A / CacheLineBytes, Last = lastByte(A, Width) / CacheLineBytes; L <= Last; ++L)
      Lines.push_back(L);
  std::sort(Lines.begin(), Lines.end());
  return uint32_t(std::unique(Lines.begin(), Lines.end()) - Lines.begin());
}

uint32_t idealCacheLines(uint32_t Lanes, uint32_t Width) {
  return uint32_t((uint64_t(Lanes) * Width + CacheLineBytes - 1) / CacheLineBytes);
}

std::vector<std::vector<uint32_t>> ldsLaneSets(uint32_t Width, unsigned WaveSize) {
  std::vector<std::vector<uint32_t>> Sets;
  auto Range = [](uint32_t From, uint32_t N, std::vector<uint32_t> &Into) {
    for (uint32_t L = From; L < From + N; ++L)
      Into.push_back(L);
  };
  if (WaveSize == 64 && Width > 8) {
    static const uint32_t Quads[4][2] = {{0, 20}, {4, 16}, {8, 28}, {12, 24}};
    for (uint32_t Half : {0u, 32u})
      for (const auto &Q : Quads) {
        Sets.emplace_back();
        Range(Half + Q[0], 4, Sets.back());
        Range(Half + Q[1], 4, Sets.back());
      }
    return Sets;
  }
  // Lanes in order, 128 bytes a pass (wave64 up to 8 bytes: Omniprobe's sets).
  uint32_t PerSet = Width <= 4 ? 32 : Width <= 8 ? 16 : 8;
  for (uint32_t First = 0; First < WaveSize; First += PerSet) {
    Sets.emplace_back();
    Range(First, std::min(PerSet, WaveSize - First), Sets.back());
  }
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
  for (const std::vector<uint32_t> &Set : ldsLaneSets(std::min<uint32_t>(Width, 16), WaveSize)) {
    std::vector<uint64_t> Dwords;
    for (uint32_t L : Set)
      if (Index[L] >= 0) {
        uint64_t A = Addresses[size_t(Index[L])];
        for (uint64_t D = A / 4, Last = lastByte(A, Served) / 4; D <= Last; ++D)
          Dwords.push_back(D);
      }
    if (Dwords.empty())
      continue;
    std::sort(Dwords.begin(), Dwords.end());
    Dwords.erase(std::unique(Dwords.begin(), Dwords.end()), Dwords.end());
    std::array<uint32_t, 32> PerBank{};
    uint32_t Max = 0;
    for (uint64_t D : Dwords)
      Max = std::max(Max, ++PerBank[D % 32]);
    C.Ways += Max;
    C.ExtraCycles += Max - 1;
    C.WorstWays = std::max(C.WorstWays, Max);
  }
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
  ++PerKind[addressKindName(T.Kind)];

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
  std::vector<uint32_t> Lanes = activeLanes(T.Exec, T.WaveSize);
  // Without a width in the map each lane is counted at its address alone,
  // as before widths were recorded; the assumed 4 bytes only size the ideal.
  uint32_t Span = R.WidthAssumed ? 1 : R.AccessBytes;
  if (R.CacheLines) {
    *R.CacheLines += cacheLinesTouched(T.Addresses, Span);
    *R.IdealLines += idealCacheLines(uint32_t(T.Addresses.size()), R.AccessBytes);
    R.DistinctBytes += distinctBytes(T.Addresses, R.AccessBytes);
  }
  if (R.ConflictWays) {
    LdsConflicts C = ldsBankConflicts(Lanes, T.Addresses, R.AccessBytes, T.WaveSize, Span);
    *R.ConflictWays += C.Ways;
    *R.ExtraCycles += C.ExtraCycles;
    *R.WorstSetWays = std::max<uint64_t>(*R.WorstSetWays, C.WorstWays);
    *R.WorstSetWaysSum += C.WorstWays;
  }
  for (size_t I = 0; I < T.Addresses.size(); ++I) {
    uint64_t Addr = T.Addresses[I];
    R.MinAddress = std::min(R.MinAddress.value_or(Addr), Addr);
    R.MaxAddress = std::max(R.MaxAddress.value_or(Addr), Addr);
    if (I && I < Lanes.size() && Lanes[I] == Lanes[I - 1] + 1)
      ++A.Strides[int64_t(Addr - T.Addresses[I - 1])];
  }
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
