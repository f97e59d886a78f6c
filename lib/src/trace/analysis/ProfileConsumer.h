// ProfileConsumer.h - the wave walk's consumer for the flamegraph: self time
// per stack, under each dispatch's code object and kernel frames (D17), and
// the kernel frame's own time (D25): each wave's lifetime in occupancy.json
// less the time it spent in scopes. The library's own header, not installed.
#pragma once

#include "analysis/WaveWalk.h"

#include "analysis/DispatchTable.h"
#include "sqtt/trace/ScopeStats.h"

#include <unordered_map>
#include <vector>

namespace sqtt {

class ProfileConsumer {
public:
  ProfileConsumer(FoldedProfile &Profile, NameTable &Names, const MarkerResolver &Resolver, bool KernelFrame)
      : Profile(Profile), Names(Names), Resolver(Resolver), KernelFrame(KernelFrame) {}

  void beginWave(const WaveStart &W) {
    Start = Key = W.Key;
    ++Key.Sequence; // the kernel frame's time, if any, comes first
    Node = FoldedProfile::Root;
    Span = W.Span;
    SpanPrefix = FoldedProfile::Root;
  }
  void beginDispatch(int64_t Dispatch, const ResolvedDispatch *D) {
    Node = D ? prefixOf(Dispatch, *D) : FoldedProfile::Root;
    if (D && Span && Span->Dispatch == Dispatch)
      SpanPrefix = Node;
  }
  void selfTime(uint64_t Cycles) {
    Profile.attribute(Node, Cycles, Key);
    ++Key.Sequence;
  }
  void enter(uint32_t Name, MarkerType, const DecodedMarker &, int64_t) { Node = Profile.child(Node, Name); }
  void exit(int64_t) { Node = Profile.parent(Node); }
  void point(uint32_t, const DecodedMarker &, int64_t, const uint32_t *, uint32_t) {}
  void closeAll(int64_t) {}

  /// A capture without markers (D29): each wave's lifetime on its
  /// dispatch's frames, in launch order.
  void markerlessWaves(const std::vector<WaveTime> &Waves, DispatchTable &Dispatches, uint32_t DirIndex) {
    for (const WaveTime &W : Waves) {
      uint32_t Prefix = prefixOf(W.Dispatch, Dispatches.of(W.Dispatch, /*Report=*/false));
      if (Prefix != FoldedProfile::Root)
        Profile.attribute(Prefix, W.cycles(), OrderKey{DirIndex, W.Launch, 0, 0, 0});
    }
  }
  void endWave(uint64_t Scoped) {
    if (!KernelFrame || !Span || SpanPrefix == FoldedProfile::Root || Span->Retire == INT64_MAX ||
        Span->Retire <= Span->Launch)
      return;
    uint64_t Lifetime = uint64_t(Span->Retire - Span->Launch);
    if (Lifetime > Scoped)
      Profile.attribute(SpanPrefix, Lifetime - Scoped, Start);
  }

private:
  /// The frames a dispatch's stacks start with: its code object, its kernel.
  uint32_t prefixOf(int64_t Dispatch, const ResolvedDispatch &D) {
    auto [It, New] = Prefixes.try_emplace(Dispatch, FoldedProfile::Root);
    if (New) {
      if (D.Target.CodeObject)
        It->second = Profile.child(It->second, Names.intern(Resolver.rootFrame(*D.Target.CodeObject)));
      if (!D.Target.Kernel.empty())
        It->second = Profile.child(It->second, D.Kernel);
    }
    return It->second;
  }

  FoldedProfile &Profile;
  NameTable &Names;
  const MarkerResolver &Resolver;
  bool KernelFrame;
  std::unordered_map<int64_t, uint32_t> Prefixes;
  OrderKey Start, Key;
  uint32_t Node = FoldedProfile::Root;
  // The wave's own span, and its dispatch's frames.
  const WaveSpan *Span = nullptr;
  uint32_t SpanPrefix = FoldedProfile::Root;
};

} // namespace sqtt
