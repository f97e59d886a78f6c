// DifferentialStacks.cpp - a trace's stacks beside a baseline's (--baseline).
//
// Stacks are paired by kernel and scope path by default: the code-object
// frame names rocprofv3's load-order ID and the build's target, so one
// kernel of two builds (or of two runs that loaded other code first) would
// otherwise show as new on one side and gone on the other.
#include "sqtt/writers/TraceWriters.h"

#include <algorithm>
#include <map>
#include <set>

namespace sqtt {

namespace {

bool hasRootFrame(const std::vector<uint32_t> &Frames, const NameTable &Names) {
  return Frames.size() > 1 && MarkerResolver::isRootFrame(Names.str(Frames[0]));
}

/// What pairing by kernel compares: the frames below the code-object frame.
/// A stack of the code-object frame alone (a dispatch without a kernel
/// name) has nothing else to be paired by.
std::vector<uint32_t> kernelPath(const std::vector<uint32_t> &Frames, const NameTable &Names) {
  return hasRootFrame(Frames, Names) ? std::vector<uint32_t>(Frames.begin() + 1, Frames.end()) : Frames;
}

} // namespace

DifferentialProfile differentialStacks(const std::vector<FoldedStack> &After,
                                       const std::vector<FoldedStack> &Before,
                                       const NameTable &BeforeNames, NameTable &Names, BaselineMatch Match) {
  const bool ByKernel = Match == BaselineMatch::Kernel;
  DifferentialProfile P;
  P.Stacks = After;
  P.BaselineStacks = Before.size();
  std::map<std::vector<uint32_t>, size_t> Exact, OfKernelPath;
  std::map<uint32_t, uint32_t> RootOfKernel; // the trace's code-object frame of each kernel frame
  for (size_t I = 0; I < After.size(); ++I) {
    const std::vector<uint32_t> &Frames = After[I].Frames;
    Exact[Frames] = I;
    if (ByKernel) {
      OfKernelPath.try_emplace(kernelPath(Frames, Names), I); // the heavier stack on a tie
      if (hasRootFrame(Frames, Names))
        RootOfKernel.try_emplace(Frames[1], Frames[0]);
    }
  }
  std::vector<bool> Paired(After.size(), false);
  std::set<std::pair<std::string, std::string>> Pairs;
  for (const FoldedStack &B : Before) {
    std::vector<uint32_t> Frames;
    for (uint32_t F : B.Frames)
      Frames.push_back(Names.intern(BeforeNames.str(F)));
    auto It = Exact.find(Frames);
    if (It == Exact.end() && ByKernel) {
      auto K = OfKernelPath.find(kernelPath(Frames, Names));
      if (K != OfKernelPath.end()) {
        It = Exact.find(After[K->second].Frames);
        ++P.AcrossCodeObjects;
        if (hasRootFrame(Frames, Names) && hasRootFrame(After[K->second].Frames, Names))
          Pairs.insert({Names.str(Frames[0]), Names.str(After[K->second].Frames[0])});
      } else if (hasRootFrame(Frames, Names)) {
        // Only in the baseline: under the trace's frame of its kernel, so
        // that a gone scope shows beside its kernel's other scopes.
        if (auto R = RootOfKernel.find(Frames[1]); R != RootOfKernel.end())
          Frames[0] = R->second;
        It = Exact.find(Frames);
      }
    }
    if (It == Exact.end()) {
      It = Exact.emplace(Frames, P.Stacks.size()).first;
      FoldedStack S;
      S.Frames = Frames;
      P.Stacks.push_back(S);
    }
    if (It->second < After.size()) {
      ++P.Matched;
      Paired[It->second] = true;
    }
    P.Stacks[It->second].Baseline += B.Cycles;
  }
  P.OnlyInTrace = size_t(std::count(Paired.begin(), Paired.end(), false));
  P.CodeObjectPairs.assign(Pairs.begin(), Pairs.end());
  std::stable_sort(P.Stacks.begin(), P.Stacks.end(), [](const FoldedStack &A, const FoldedStack &B) {
    return A.Cycles != B.Cycles ? A.Cycles > B.Cycles : A.Baseline > B.Baseline;
  });
  return P;
}

} // namespace sqtt
