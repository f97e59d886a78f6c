// MemorySummary.cpp - what the address traces say about each memory operation.
#include "sqtt/trace/MemorySummary.h"
#include "sqtt/support/JsonString.h"

#include <algorithm>
#include <array>

namespace sqtt {

bool isCachedMemoryKind(AddressKind K) {
  return K == AddressKind::Load || K == AddressKind::Store || K == AddressKind::Atomic ||
         K >= AddressKind::BufferLoad;
}

bool isLdsBankKind(AddressKind K) {
  return K == AddressKind::LdsLoad || K == AddressKind::LdsStore || K == AddressKind::LdsAtomic;
}

bool isNarrowAddressKind(AddressKind K) {
  return isLdsBankKind(K) || K == AddressKind::DsPermute || K == AddressKind::DsBpermute;
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

uint32_t cacheLines128(const std::vector<uint64_t> &Addresses) {
  std::vector<uint64_t> Lines;
  Lines.reserve(Addresses.size());
  for (uint64_t A : Addresses)
    Lines.push_back(A >> 7);
  std::sort(Lines.begin(), Lines.end());
  return uint32_t(std::unique(Lines.begin(), Lines.end()) - Lines.begin());
}

uint32_t idealCacheLines128(uint32_t Lanes) { return (Lanes * 4 + 127) / 128; }

uint32_t ldsBankConflictWays(const std::vector<uint32_t> &Lanes,
                             const std::vector<uint64_t> &Addresses) {
  uint32_t Ways = 0;
  // Lanes ascend, so each 32-lane group is a contiguous run.
  for (size_t I = 0; I < Lanes.size() && I < Addresses.size();) {
    uint32_t Group = Lanes[I] / 32;
    std::vector<uint64_t> Words;
    for (; I < Lanes.size() && I < Addresses.size() && Lanes[I] / 32 == Group; ++I)
      Words.push_back(Addresses[I] >> 2);
    std::sort(Words.begin(), Words.end());
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
    std::array<uint32_t, 32> PerBank{};
    uint32_t Max = 0;
    for (uint64_t W : Words)
      Max = std::max(Max, ++PerBank[W % 32]);
    Ways += Max;
  }
  return Ways;
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
    if (isCachedMemoryKind(T.Kind))
      R.CacheLines = R.IdealLines = 0;
    if (isLdsBankKind(T.Kind))
      R.ConflictWays = 0;
  }
  ++R.Executions;
  R.ActiveLanes += T.Addresses.size();
  std::vector<uint32_t> Lanes = activeLanes(T.Exec, T.WaveSize);
  if (R.CacheLines) {
    *R.CacheLines += cacheLines128(T.Addresses);
    *R.IdealLines += idealCacheLines128(uint32_t(T.Addresses.size()));
  }
  if (R.ConflictWays)
    *R.ConflictWays += ldsBankConflictWays(Lanes, T.Addresses);
  for (size_t I = 0; I < T.Addresses.size(); ++I) {
    uint64_t Addr = T.Addresses[I];
    R.MinAddress = std::min(R.MinAddress.value_or(Addr), Addr);
    R.MaxAddress = std::max(R.MaxAddress.value_or(Addr), Addr);
    if (I && I < Lanes.size() && Lanes[I] == Lanes[I - 1] + 1)
      ++A.Strides[int64_t(Addr - T.Addresses[I - 1])];
  }
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

} // namespace sqtt
