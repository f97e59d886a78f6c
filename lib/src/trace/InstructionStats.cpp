// InstructionStats.cpp - per-scope instruction detail, accumulated and
// turned into rows.
#include "sqtt/trace/InstructionStats.h"

#include <algorithm>
#include <unordered_map>

namespace sqtt {

void InstructionStats::instruction(const Key &Scope, const WaveInstruction &I, const LineId &Line) {
  Accumulator &A = Acc[Scope];
  A.Total.add(I);
  if (Line.Inserted)
    A.Inserted.add(I);
  A.ByCategory[I.Category < InstCategories ? I.Category : 0].add(I);
  A.Lines[Line].add(I);
}

void InstructionStats::state(const Key &Scope, uint8_t State, uint64_t Cycles) {
  Acc[Scope].StateCycles[State < WaveStates ? State : 0] += Cycles;
}

void InstructionStats::wave(const Key &Scope, uint64_t Serial, uint32_t Dir) {
  Accumulator &A = Acc[Scope];
  if (A.LastWave == Serial && A.LastDir == Dir)
    return;
  A.LastWave = Serial, A.LastDir = Dir;
  ++A.Waves;
}

void InstructionStats::merge(const InstructionStats &Other) {
  JoinedWaves += Other.JoinedWaves;
  UnmarkedWaves += Other.UnmarkedWaves;
  for (const auto &[K, O] : Other.Acc) {
    Accumulator &A = Acc[K];
    A.Total.add(O.Total);
    A.Inserted.add(O.Inserted);
    for (unsigned C = 0; C < InstCategories; ++C)
      A.ByCategory[C].add(O.ByCategory[C]);
    for (unsigned S = 0; S < WaveStates; ++S)
      A.StateCycles[S] += O.StateCycles[S];
    for (const auto &[Line, Cost] : O.Lines)
      A.Lines[Line].add(Cost);
    A.Waves += O.Waves; // another directory: its waves are distinct
  }
}

namespace {

/// The \p Top entries of \p Costs with the most cycles (then count, then
/// the key's order, so the choice is the same on every run).
template <class K>
std::vector<std::pair<K, InstructionCost>> topByCycles(std::vector<std::pair<K, InstructionCost>> Costs,
                                                       size_t Top) {
  auto More = [](const auto &A, const auto &B) {
    if (A.second.Cycles != B.second.Cycles)
      return A.second.Cycles > B.second.Cycles;
    if (A.second.Count != B.second.Count)
      return A.second.Count > B.second.Count;
    return A.first < B.first;
  };
  if (Costs.size() > Top) {
    std::partial_sort(Costs.begin(), Costs.begin() + std::ptrdiff_t(Top), Costs.end(), More);
    Costs.resize(Top);
  } else {
    std::sort(Costs.begin(), Costs.end(), More);
  }
  return Costs;
}

} // namespace

std::vector<InstructionRow> InstructionStats::rows(const NameTable &Names, size_t Top) const {
  std::vector<InstructionRow> Rows;
  for (const auto &[K, A] : Acc) {
    InstructionRow R;
    auto [Kernel, Scope, Kind] = K;
    R.Kernel = Names.str(Kernel), R.Scope = Names.str(Scope), R.Kind = Kind;
    R.Waves = A.Waves;
    R.Total = A.Total;
    R.Inserted = A.Inserted;
    R.ByCategory = A.ByCategory;
    R.StateCycles = A.StateCycles;
    std::vector<std::pair<LineId, InstructionCost>> Lines(A.Lines.begin(), A.Lines.end());
    std::unordered_map<uint32_t, InstructionCost> BySource;
    for (const auto &[Line, Cost] : Lines)
      BySource[Line.Source].add(Cost);
    for (const auto &[Line, Cost] : topByCycles(std::move(Lines), Top))
      R.TopIsa.push_back(
          {Names.str(Line.Isa), Names.str(Line.Source), Line.CodeObject, Line.Vaddr, Line.Inserted, Cost});
    // By the source's text, not its interned number, for the tie order.
    std::vector<std::pair<std::string, InstructionCost>> Sources;
    for (const auto &[Source, Cost] : BySource)
      Sources.push_back({Names.str(Source), Cost});
    for (auto &[Source, Cost] : topByCycles(std::move(Sources), Top))
      R.TopSource.push_back({Source, Cost});
    Rows.push_back(std::move(R));
  }
  std::stable_sort(Rows.begin(), Rows.end(), [](const InstructionRow &A, const InstructionRow &B) {
    if (A.Total.Cycles != B.Total.Cycles)
      return A.Total.Cycles > B.Total.Cycles;
    return std::tie(A.Kernel, A.Scope) < std::tie(B.Kernel, B.Scope);
  });
  return Rows;
}

} // namespace sqtt
