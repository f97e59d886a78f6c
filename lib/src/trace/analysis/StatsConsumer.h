// StatsConsumer.h - the wave walk's consumer for sqtt-stats: every closed
// interval of a scope with its self time, every scope left open, every
// payload value of a data marker. The library's own header, not installed.
#pragma once

#include "analysis/WaveWalk.h"
#include "sqtt/trace/ScopeStats.h"

#include <array>
#include <unordered_map>
#include <vector>

namespace sqtt {

class StatsConsumer {
public:
  StatsConsumer(ScopeStats &Stats, uint32_t DirName, uint32_t NoKernel,
                std::unordered_map<uint64_t, uint64_t> &ScopedOf)
      : Stats(Stats), DirName(DirName), NoKernel(NoKernel), ScopedOf(ScopedOf) {}

  void beginWave(const WaveStart &W) {
    Wave = W.Wave;
    Span = W.Span;
    Serial = W.Serial;
    Kernel = NoKernel;
    Seen = 0;
    BlocksSeen = {};
  }
  void beginDispatch(int64_t, const ResolvedDispatch *D) { Kernel = D ? D->Kernel : NoKernel; }
  void selfTime(uint64_t Cycles) {
    if (!Scopes.empty())
      Scopes.back().Self += Cycles;
  }
  // A scope's records: those counted between its enter (not included) and
  // its exit (included), as a difference of the wave's running count.
  void enter(uint32_t Name, MarkerType Type, const DecodedMarker &, int64_t Time) {
    ++Seen;
    Scopes.push_back({Name, Type == MarkerType::User ? StatKind::User : StatKind::Function, Time, 0, Seen,
                      BlocksSeen});
  }
  void exit(int64_t Time) {
    ++Seen;
    const OpenScope &S = Scopes.back();
    Stats.interval(Kernel, S.Name, S.Kind, uint64_t(Time - S.Start), S.Self, Seen - S.SeenAtEnter, Serial, Wave,
                   DirName, BlocksSeen.since(S.BlocksAtEnter));
    Scopes.pop_back();
  }
  /// The address blocks before the next header: records too, and counted
  /// apart (they cost differently from markers: sqtt-verify --cost --trace).
  void addressBlocks(const RecordBlocks::BlocksBefore &B) {
    Seen += B.Records;
    BlocksSeen.add(B);
  }
  void point(uint32_t Name, const DecodedMarker &, int64_t, const uint32_t *Payload, uint32_t Words) {
    Seen += 1 + Words;
    for (uint32_t K = 0; K < Words; ++K)
      Stats.data(Kernel, Name, Payload[K]);
  }
  void closeAll(int64_t) {
    for (const OpenScope &S : Scopes)
      Stats.open(Kernel, S.Name, S.Kind);
    Scopes.clear();
  }
  /// Each traced wave's scoped cycles, for the kernel rows (D25).
  void endWave(uint64_t Scoped) {
    if (Span)
      ScopedOf[Wave.key()] = Scoped;
  }

private:
  /// A scope open on the wave: its entry time and the self time spent while
  /// it was the innermost scope.
  struct OpenScope {
    uint32_t Name;
    StatKind Kind;
    int64_t Start;
    uint64_t Self;
    uint64_t SeenAtEnter;
    AddressRecords BlocksAtEnter;
  };
  ScopeStats &Stats;
  uint32_t DirName, NoKernel, Kernel = 0;
  std::unordered_map<uint64_t, uint64_t> &ScopedOf; // by WaveRef::key
  WaveRef Wave;
  const WaveSpan *Span = nullptr;
  uint64_t Serial = 0;
  std::vector<OpenScope> Scopes;
  uint64_t Seen = 0; // the wave's records so far
  AddressRecords BlocksSeen; // of them, the address blocks
};

} // namespace sqtt
