// FoldedProfile.cpp - self time per call stack, and the order stacks are listed in.
#include "sqtt/trace/FoldedProfile.h"

#include <algorithm>

namespace sqtt {

uint32_t FoldedProfile::child(uint32_t Parent, uint32_t Name) {
  uint64_t Key = (uint64_t(Parent) << 32) | Name;
  auto [It, Inserted] = Children.try_emplace(Key, uint32_t(Nodes.size()));
  if (Inserted)
    Nodes.push_back({Parent, Name, Nodes[Parent].Depth + 1, 0, 0, {}});
  return It->second;
}

void FoldedProfile::attribute(uint32_t Node, uint64_t Cycles, const OrderKey &When) {
  struct Node &N = Nodes[Node];
  N.Cycles += Cycles;
  if (N.Execs++ == 0 || When < N.First)
    N.First = When;
}

std::vector<uint32_t> FoldedProfile::path(uint32_t Node) const {
  std::vector<uint32_t> Names;
  for (; Node != Root; Node = Nodes[Node].Parent)
    Names.push_back(Nodes[Node].Name);
  std::reverse(Names.begin(), Names.end());
  return Names;
}

void FoldedProfile::merge(const FoldedProfile &Other) {
  // Nodes are created parents first, so one pass maps every node.
  std::vector<uint32_t> Map(Other.Nodes.size(), Root);
  for (uint32_t N = 1; N < Other.Nodes.size(); ++N) {
    const struct Node &O = Other.Nodes[N];
    Map[N] = child(Map[O.Parent], O.Name);
    if (!O.Execs)
      continue;
    struct Node &Mine = Nodes[Map[N]];
    if (!Mine.Execs || O.First < Mine.First)
      Mine.First = O.First;
    Mine.Cycles += O.Cycles;
    Mine.Execs += O.Execs;
  }
}

std::vector<FoldedProfile::Entry> FoldedProfile::entries() const {
  std::vector<uint32_t> Order;
  for (uint32_t N = 0; N < Nodes.size(); ++N)
    if (Nodes[N].Execs)
      Order.push_back(N);
  std::sort(Order.begin(), Order.end(),
            [&](uint32_t A, uint32_t B) { return Nodes[A].First < Nodes[B].First; });
  std::vector<Entry> Out;
  Out.reserve(Order.size());
  for (uint32_t N : Order)
    Out.push_back({N, Nodes[N].Cycles, Nodes[N].Execs});
  return Out;
}

} // namespace sqtt
