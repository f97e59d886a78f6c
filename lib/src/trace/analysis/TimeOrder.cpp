// TimeOrder.cpp - records out of their wave's time order, and negative times.
#include "analysis/TimeOrder.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace sqtt {

void TimeOrderFindings::shift(int64_t Offset) {
  for (BackStep &S : BackSteps)
    S.Time += Offset, S.After += Offset;
}

TimeOrderFindings findTimeDisorder(uint32_t SE, const std::vector<Record> &Records,
                                   const std::vector<RecordFile> &Files) {
  TimeOrderFindings Found;
  auto ByTime = [](const Record &A, const Record &B) { return A.Time < B.Time; };
  for (size_t F = 0; F < Files.size(); ++F) {
    const size_t Begin = Files[F].Begin, End = F + 1 < Files.size() ? Files[F + 1].Begin : Records.size();
    auto First = Records.begin() + ptrdiff_t(Begin), Last = Records.begin() + ptrdiff_t(End);
    // The usual file: in time order as a whole, so in each slot too, and
    // any negative times are at its start.
    const bool Sorted = std::is_sorted(First, Last, ByTime);
    std::unordered_map<uint32_t, int64_t> Latest; // per (CU, SIMD, wave) of this file
    for (size_t I = Begin; I < End; ++I) {
      const Record &R = Records[I];
      const FilePlace At{uint32_t(F), I - Begin};
      if (R.Time < 0)
        Found.Negatives.push_back({At, R.Time});
      else if (Sorted)
        break;
      if (Sorted || (R.Flags & RecordFlagPriv))
        continue;
      auto [It, New] = Latest.try_emplace((uint32_t(R.CU) << 16) | (uint32_t(R.SIMD) << 8) | R.Wave, R.Time);
      if (New)
        continue;
      if (R.Time < It->second)
        Found.BackSteps.push_back({At, slotKey(SE, R), R.Time, It->second});
      else
        It->second = R.Time;
    }
  }
  return Found;
}

namespace {

std::string records(uint64_t N) { return std::to_string(N) + (N == 1 ? " record" : " records"); }

} // namespace

void reportTimeDisorder(const TimeOrderFindings &Found, const std::vector<RecordFile> &Files,
                        const Occupancy &Occ, DispatchTable &Dispatches, RecordCounts &Counts,
                        std::vector<std::string> &Warnings) {
  // Per file: how many, and the first, which the warning names.
  std::map<uint32_t, std::pair<uint64_t, const TimeOrderFindings::BackStep *>> Steps;
  for (const TimeOrderFindings::BackStep &S : Found.BackSteps) {
    const WaveSpan *Span = Occ.findSpan(S.Slot, S.Time);
    if (Span && Dispatches.of(Span->Dispatch, /*Report=*/false).Target.Map->packed())
      continue; // a clock-corrected header (see the header)
    auto &[N, First] = Steps[S.At.File];
    if (N++ == 0)
      First = &S;
    ++Counts.OutOfTimeOrder;
  }
  for (const auto &[File, Of] : Steps) {
    const TimeOrderFindings::BackStep &S = *Of.second;
    Warnings.push_back(Files[File].Name + ": " + records(Of.first) +
                       " earlier than the record their wave slot wrote before them (first: record " +
                       std::to_string(S.At.Record) + ", cu " + std::to_string(slotCU(S.Slot)) + " simd " +
                       std::to_string(slotSIMD(S.Slot)) + " wave " + std::to_string(slotWave(S.Slot)) +
                       ", time " + std::to_string(S.Time) + " after " + std::to_string(S.After) +
                       "); they are paired in time order, not as written");
  }
  std::map<uint32_t, std::pair<uint64_t, const TimeOrderFindings::Negative *>> Negatives;
  for (const TimeOrderFindings::Negative &Neg : Found.Negatives) {
    auto &[N, First] = Negatives[Neg.At.File];
    if (N++ == 0)
      First = &Neg;
    ++Counts.NegativeTimes;
  }
  for (const auto &[File, Of] : Negatives)
    Warnings.push_back(Files[File].Name + ": " + records(Of.first) + " with a negative time (first: record " +
                       std::to_string(Of.second->At.Record) + ", time " + std::to_string(Of.second->Time) +
                       "); no capture's clock runs before its start");
}

} // namespace sqtt
