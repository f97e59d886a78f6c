//===- HiddenStalls.cpp - the part of a wait no other wave hid ------------===//
//
// A wave stalled at a wait costs time only while no other wave of its SIMD
// issues: the SIMD runs the others meanwhile. From the capture's wave files
// (the target CU's instruction detail, read again through the directory's
// trace source), each wait's stall interval [time, time + stall) is
// measured against the union of the other waves' issue intervals on the
// same SIMD ([time + stall, time + duration) of each of their
// instructions); what they do not cover is the unhidden stall, summed per
// code line (code object, address).
//
//===----------------------------------------------------------------------===//
#include "sqtt/triage/Triage.h"

#include <algorithm>
#include <map>

namespace sqtt::triage {

namespace {

bool isWait(const std::string &Isa) {
  return Isa.rfind("s_waitcnt", 0) == 0 || Isa.rfind("s_wait_", 0) == 0 || Isa.rfind("s_barrier", 0) == 0;
}

/// Disjoint, sorted intervals and their running lengths, for overlap queries.
struct Busy {
  std::vector<std::pair<int64_t, int64_t>> Spans;
  std::vector<int64_t> Before; // total length of the spans before each
  void build(std::vector<std::pair<int64_t, int64_t>> Raw) {
    std::sort(Raw.begin(), Raw.end());
    for (auto &[B, E] : Raw) {
      if (E <= B)
        continue;
      if (!Spans.empty() && B <= Spans.back().second)
        Spans.back().second = std::max(Spans.back().second, E);
      else
        Spans.push_back({B, E});
    }
    int64_t Sum = 0;
    for (auto &[B, E] : Spans) {
      Before.push_back(Sum);
      Sum += E - B;
    }
  }
  /// Length of [B, E) the spans cover.
  int64_t covered(int64_t B, int64_t E) const {
    auto Lo = std::upper_bound(Spans.begin(), Spans.end(), std::make_pair(B, INT64_MAX));
    if (Lo != Spans.begin())
      --Lo;
    int64_t Sum = 0;
    for (auto It = Lo; It != Spans.end() && It->first < E; ++It)
      Sum += std::max<int64_t>(0, std::min(E, It->second) - std::max(B, It->first));
    return Sum;
  }
};

} // namespace

void measureHiddenStalls(Measurements &M, TraceSession &Session) {
  if (!M.WaveFiles)
    return;
  for (size_t D = 0; D < Session.traceDirs().size(); ++D) {
    std::vector<std::string> Warnings;
    std::unique_ptr<TraceSource> Source =
        Session.openTraceSource(Session.traceDirs()[D], Session.resolverOf(D), Warnings);
    InstructionCapture Capture = Source->instructions(nullptr);
    // The waves of each SIMD (times of one SE share its counter).
    std::map<uint32_t, std::vector<const WaveInstructions *>> BySimd;
    for (const WaveInstructions &W : Capture.Waves)
      BySimd[slotKey(W.SE, W.CU, W.SIMD, 0)].push_back(&W);
    for (auto &[Simd, Waves] : BySimd) {
      for (const WaveInstructions *W : Waves) {
        std::vector<std::pair<int64_t, int64_t>> Others;
        for (const WaveInstructions *O : Waves)
          if (O != W)
            for (const WaveInstruction &I : O->Instructions)
              Others.push_back({I.Time + I.Stall, I.Time + std::max<int64_t>(I.Duration, int64_t(I.Stall) + 1)});
        Busy Issued;
        Issued.build(std::move(Others));
        for (const WaveInstruction &I : W->Instructions) {
          const CodeLine *L = Capture.line(I.Line);
          if (!I.Stall || !L || !isWait(L->Isa))
            continue;
          Measurements::StallCycles &S = M.WaitStalls[{L->CodeObject, L->Vaddr}];
          S.Stall += I.Stall;
          S.Unhidden += uint64_t(int64_t(I.Stall) - Issued.covered(I.Time, I.Time + I.Stall));
        }
      }
    }
  }
  M.StallsMeasured = true;
}

} // namespace sqtt::triage
