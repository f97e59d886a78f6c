// ProfileConsumer.h - the wave walk's consumer for the flamegraph: self time
// per stack, under each dispatch's code object and kernel frames (D17).
// The library's own header, not installed.
#pragma once

#include "analysis/WaveWalk.h"

#include <unordered_map>

namespace sqtt {

class ProfileConsumer {
public:
  ProfileConsumer(FoldedProfile &Profile, NameTable &Names, const MarkerResolver &Resolver)
      : Profile(Profile), Names(Names), Resolver(Resolver) {}

  void beginWave(const WaveStart &W) {
    Key = W.Key;
    Prefix = Node = FoldedProfile::Root;
  }
  void beginDispatch(int64_t Dispatch, const ResolvedDispatch *D) {
    Prefix = Node = D ? prefixOf(Dispatch, *D) : FoldedProfile::Root;
  }
  void selfTime(uint64_t Cycles) {
    Profile.attribute(Node, Cycles, Key);
    ++Key.Sequence;
  }
  void enter(uint32_t Name, MarkerType, const DecodedMarker &, int64_t) { Node = Profile.child(Node, Name); }
  void exit(int64_t) { Node = Profile.parent(Node); }
  void point(uint32_t, const DecodedMarker &, int64_t, const uint32_t *, uint32_t) {}
  void closeAll(int64_t) {}
  void endWave() {}

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
  std::unordered_map<int64_t, uint32_t> Prefixes;
  OrderKey Key;
  uint32_t Prefix = FoldedProfile::Root, Node = FoldedProfile::Root;
};

} // namespace sqtt
