// FoldedProfile.h - self time per call stack, and the order stacks are listed in.
//
// The flamegraph's model: a tree of stacks (kernel frame, then the scopes
// entered under it) with the cycles spent while each stack was innermost.
// Stacks are listed in the order they first received time, which the wave
// walk gives as an OrderKey.
#pragma once

#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace sqtt {

/// Where an event sits in processing order: trace directory, then wave
/// instance by its first header in time order (ties by file order), then
/// position within the wave. Engines are analysed one at a time, so this
/// order is rebuilt from keys rather than followed.
struct OrderKey {
  uint32_t DirIndex = 0;
  int64_t Time = 0;
  uint32_t Engine = 0;   // in the order of the engines' first files
  uint32_t Position = 0; // of the wave's first header in its engine
  uint32_t Sequence = 0; // within the wave
  bool operator<(const OrderKey &O) const {
    return std::tie(DirIndex, Time, Engine, Position, Sequence) <
           std::tie(O.DirIndex, O.Time, O.Engine, O.Position, O.Sequence);
  }
};

/// Self time per stack, in the order stacks first received time.
class FoldedProfile {
public:
  static constexpr uint32_t Root = 0;
  FoldedProfile() { Nodes.push_back({Root, 0, 0, 0, 0, {}}); }

  uint32_t child(uint32_t Parent, uint32_t Name);
  uint32_t parent(uint32_t Node) const { return Nodes[Node].Parent; }
  uint32_t depth(uint32_t Node) const { return Nodes[Node].Depth; }
  void attribute(uint32_t Node, uint64_t Cycles, const OrderKey &When);
  /// Names from the root to \p Node.
  std::vector<uint32_t> path(uint32_t Node) const;
  /// Adds \p Other's time to this profile (stacks matched by their names).
  void merge(const FoldedProfile &Other);

  struct Entry {
    uint32_t Node;
    uint64_t Cycles, Execs;
  };
  /// Stacks with time, in first-attribution order.
  std::vector<Entry> entries() const;

private:
  struct Node {
    uint32_t Parent, Name, Depth;
    uint64_t Cycles, Execs;
    OrderKey First;
  };
  std::vector<Node> Nodes;
  std::unordered_map<uint64_t, uint32_t> Children;
};

} // namespace sqtt
