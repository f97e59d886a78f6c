// ClockCorrection.cpp - gfx12 packed headers back to legacy values and times.
//
// The half-window form (D12): with W = 2^(bits+shift), each
// header's arrival-minus-sample difference relative to an arbitrary origin
// header is taken modulo W into [-W/2, W/2); the domain's minimum is the
// reference, so a header that arrived late is moved back however the
// sampled window wrapped. A domain whose headers all carry the same sample
// has no information and keeps its times.
#include "sqtt/att/ClockCorrection.h"

#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <algorithm>
#include <climits>
#include <tuple>

namespace sqtt {

namespace {

struct Header {
  Record *R;
  int64_t Sampled;
};

using DomainKey = std::tuple<uint32_t, uint8_t, uint8_t, uint32_t, uint32_t>;


} // namespace

CorrectionStats correctShaderClock(std::vector<SlotStream> &Streams, const CorrectionTables &T) {
  CorrectionStats Stats;
  std::set<uint64_t> PayloadCOs;
  for (auto &[Key, Count] : T.Payloads)
    if (Count)
      PayloadCOs.insert(Key.first);
  std::map<DomainKey, std::vector<Header>> Domains;
  std::vector<DomainKey> DomainOrder;

  for (SlotStream &S : Streams) {
    uint32_t PayloadRemaining = 0;
    size_t Launch = 0;
    for (Record *R : S.Records) {
      if (PayloadRemaining) {
        --PayloadRemaining;
        ++Stats.PayloadRecords;
        continue;
      }
      if (R->Flags & (RecordFlagImm | RecordFlagPriv))
        continue;
      while (Launch < S.Launches.size() && S.Launches[Launch].first <= R->Time)
        ++Launch;
      if (Launch == 0)
        continue; // Before the first launch: no code object.
      uint64_t CO = S.Launches[Launch - 1].second;
      auto Layout = T.Layouts.find(CO);
      if (CO == 0 || Layout == T.Layouts.end() || !Layout->second.valid())
        continue;
      const ClockLayout &L = Layout->second;
      uint32_t Raw = R->Value;
      uint32_t ID = L.layout().id_of(Raw);
      auto KnownIt = T.Known.find(CO);
      bool Known = KnownIt != T.Known.end() && KnownIt->second.count(ID);
      bool BareExit = ID == 0 && sqtt_marker_value::flags_of(Raw) == sqtt_marker_value::bare_exit;
      if (!Known && !BareExit)
        continue; // A numeric marker, or a value this map cannot explain.
      uint32_t Legacy = sqtt_marker_value::with_flags(ID, sqtt_marker_value::flags_of(Raw));
      if (Legacy != Raw) {
        R->Value = Legacy;
        ++Stats.Normalized;
      }
      if (Known) {
        auto P = T.Payloads.find({CO, ID});
        PayloadRemaining = P == T.Payloads.end() ? 0 : P->second;
      }
      if (PayloadCOs.count(CO))
        continue; // Headers of code objects with payloads keep their times.
      int64_t Sampled = int64_t(L.layout().sampled_clock_of(Raw));
      DomainKey Key{S.SE, S.CU, S.SIMD, L.Bits, L.Shift};
      auto [It, New] = Domains.try_emplace(Key);
      if (New)
        DomainOrder.push_back(Key);
      It->second.push_back({R, Sampled});
    }
  }

  for (const DomainKey &Key : DomainOrder) {
    std::vector<Header> &H = Domains[Key];
    ++Stats.Domains;
    sqtt_marker_value::packed_layout Layout{std::get<3>(Key), std::get<4>(Key)};
    int64_t Window = int64_t(Layout.window()), Mask = Window - 1, Half = Window / 2;
    int64_t Bucket = int64_t(1) << Layout.clock_shift;
    bool Constant = std::all_of(H.begin(), H.end(),
                                [&](const Header &X) { return X.Sampled == H.front().Sampled; });
    if (Constant)
      continue;
    int64_t T0 = H.front().R->Time, C0 = H.front().Sampled;
    std::vector<int64_t> Rel(H.size());
    int64_t Min = INT64_MAX;
    for (size_t I = 0; I < H.size(); ++I) {
      int64_t D = (H[I].R->Time - T0) - (H[I].Sampled - C0) + Half;
      Rel[I] = (D & Mask) - Half; // & on two's complement: a non-negative modulo
      Min = std::min(Min, Rel[I]);
    }
    for (size_t I = 0; I < H.size(); ++I) {
      int64_t Move = std::max<int64_t>(0, Rel[I] - Min - (Bucket - 1));
      if (Move) {
        H[I].R->Time -= Move;
        ++Stats.Corrected;
        Stats.MaxShift = std::max<uint64_t>(Stats.MaxShift, uint64_t(Move));
      }
    }
  }
  return Stats;
}

} // namespace sqtt
