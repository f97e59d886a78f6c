// RecordBudget.cpp - record counts from a kernel's record automaton: the
// shortest path, the longest with each loop once, and the loops.
#include "sqtt/isa/RecordBudget.h"

#include "HardwareCases.h"
#include "sqtt/isa/RecordAutomaton.h"

#include <algorithm>
#include <functional>

namespace sqtt::isa {

namespace {

/// Strongly connected components (iterative Tarjan): Component per state,
/// numbered in reverse topological order (a component's successors have
/// smaller numbers).
std::vector<uint32_t> components(const RecordAutomaton &A, uint32_t &Count) {
  const uint32_t N = uint32_t(A.states()), None = ~0u;
  std::vector<uint32_t> Index(N, None), Low(N, 0), Component(N, None), Stack;
  std::vector<char> OnStack(N, 0);
  uint32_t Next = 0;
  Count = 0;
  struct Frame {
    uint32_t State;
    const RecordAutomaton::Edge *Edge;
  };
  for (uint32_t Root = 0; Root < N; ++Root) {
    if (Index[Root] != None)
      continue;
    std::vector<Frame> Calls{{Root, A.edgesBegin(Root)}};
    Index[Root] = Low[Root] = Next++;
    Stack.push_back(Root);
    OnStack[Root] = 1;
    while (!Calls.empty()) {
      Frame &F = Calls.back();
      if (F.Edge != A.edgesEnd(F.State)) {
        uint32_t To = (F.Edge++)->To;
        if (Index[To] == None) {
          Index[To] = Low[To] = Next++;
          Stack.push_back(To);
          OnStack[To] = 1;
          Calls.push_back({To, A.edgesBegin(To)});
        } else if (OnStack[To]) {
          Low[F.State] = std::min(Low[F.State], Index[To]);
        }
        continue;
      }
      uint32_t S = F.State;
      Calls.pop_back();
      if (!Calls.empty())
        Low[Calls.back().State] = std::min(Low[Calls.back().State], Low[S]);
      if (Low[S] == Index[S]) {
        uint32_t Member;
        do {
          Member = Stack.back();
          Stack.pop_back();
          OnStack[Member] = 0;
          Component[Member] = Count;
        } while (Member != S);
        ++Count;
      }
    }
  }
  return Component;
}

KernelBudget budgetOf(const RecordAutomaton &A, const CodeObjectIsa &Isa) {
  KernelBudget B;
  B.Cut = A.cut();
  const uint32_t N = uint32_t(A.states());
  // Shortest: breadth first from the launch to a state the wave may end at.
  std::vector<uint64_t> Depth(N, UINT64_MAX);
  std::vector<uint32_t> Queue{0};
  Depth[0] = 0;
  B.MinRecords = UINT64_MAX;
  for (size_t I = 0; I < Queue.size(); ++I) {
    uint32_t S = Queue[I];
    if (A.mayEnd(S))
      B.MinRecords = std::min(B.MinRecords, Depth[S]);
    for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E)
      if (Depth[E->To] == UINT64_MAX) {
        Depth[E->To] = Depth[S] + 1;
        Queue.push_back(E->To);
      }
  }
  if (B.MinRecords == UINT64_MAX)
    B.MinRecords = 0; // no path ends (the walk was cut)
  // Longest with each loop once: over the components, a loop's records
  // counted once (its states), in topological order from the launch's.
  uint32_t Count = 0;
  std::vector<uint32_t> Comp = components(A, Count);
  std::vector<uint64_t> Weight(Count, 0), Best(Count, 0);
  std::vector<char> Cyclic(Count, 0), Ends(Count, 0), Reached(Count, 0);
  std::vector<uint32_t> First(Count, ~0u);
  for (uint32_t S = 0; S < N; ++S) {
    Weight[Comp[S]] += S != 0; // every state but the launch is one record
    Ends[Comp[S]] |= A.mayEnd(S);
    if (First[Comp[S]] == ~0u || A.address(S) < A.address(First[Comp[S]]))
      First[Comp[S]] = S;
    for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E)
      if (Comp[E->To] == Comp[S])
        Cyclic[Comp[S]] = 1;
  }
  // Components are numbered successors first: walk from the launch's down.
  std::vector<std::vector<uint32_t>> Members(Count);
  for (uint32_t S = 0; S < N; ++S)
    Members[Comp[S]].push_back(S);
  Reached[Comp[0]] = 1;
  Best[Comp[0]] = Weight[Comp[0]];
  for (uint32_t C = Comp[0] + 1; C-- > 0;) {
    if (!Reached[C])
      continue;
    if (Ends[C])
      B.MaxRecords = std::max(B.MaxRecords, Best[C]);
    if (Cyclic[C] && Weight[C])
      B.Loops.push_back({A.address(First[C]), Isa.sourceLine(A.address(First[C])), Weight[C]});
    for (uint32_t S : Members[C])
      for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E) {
        uint32_t To = Comp[E->To];
        if (To == C)
          continue;
        Best[To] = std::max(Best[To], Best[C] + Weight[To]);
        Reached[To] = 1;
      }
  }
  std::sort(B.Loops.begin(), B.Loops.end(),
            [](const LoopBudget &X, const LoopBudget &Y) { return X.Address < Y.Address; });
  return B;
}

} // namespace

LaunchBudget launchBudget(const KernelBudget &B, const LaunchShape &Launch, unsigned RecordBits) {
  LaunchBudget L;
  uint64_t Groups = (Launch.GridItems + Launch.BlockItems - 1) / Launch.BlockItems;
  L.Waves = Groups * ((Launch.BlockItems + B.WaveSize - 1) / B.WaveSize);
  L.WavesPerEngine = (L.Waves + Launch.ShaderEngines - 1) / Launch.ShaderEngines;
  uint64_t Records = B.MaxRecords;
  for (const LoopBudget &Loop : B.Loops)
    Records += Loop.RecordsPerIteration * (Launch.Trips - 1);
  L.BytesPerWave = (Records * RecordBits + 7) / 8;
  L.BytesPerEngine = uint64_t(double(L.WavesPerEngine) * B.RecordingShare + 0.5) * L.BytesPerWave;
  L.BufferPerEngine = Launch.BufferBytes / Launch.TracedEngines;
  return L;
}

std::vector<KernelBudget> recordBudgets(const CodeObjectIsa &Isa, const rocprof_trace_decoder::codeobj::Funcmap *Map,
                                        const ScopeMasks &Masks) {
  // A wave the masks let record (the first such case), and the share of
  // such waves: the selected ids of each filtered field over its ids.
  std::vector<HardwareCase> Cases = hardwareCases(Isa.generation(), Masks, VerifyLimits());
  HardwareIds Recording;
  for (const HardwareCase &C : Cases)
    if (C.Selected) {
      Recording = C.Ids;
      break;
    }
  double Share = 1.0;
  for (const IdField &F : idFields(Isa.generation(), Masks))
    if (F.filters() && F.Field.id_count())
      Share *= double(__builtin_popcount(F.Field.selected(F.Mask))) / double(F.Field.id_count());
  std::vector<KernelBudget> Budgets;
  for (const Function &F : Isa.functions()) {
    if (!F.Kernel)
      continue;
    KernelBudget B = budgetOf(RecordAutomaton::build(Isa, F, Recording, Map), Isa);
    B.Kernel = F.Name;
    B.WaveSize = F.WaveSize;
    B.RecordingShare = Share;
    Budgets.push_back(std::move(B));
  }
  return Budgets;
}

} // namespace sqtt::isa
