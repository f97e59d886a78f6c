// RecordBudget.cpp - record counts from a kernel's record automaton: the
// shortest path, the longest with each loop once, and the loops.
#include "sqtt/isa/RecordBudget.h"

#include "HardwareCases.h"
#include "sqtt/isa/RecordAutomaton.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace sqtt::isa {

namespace {

/// \p X times \p Y, or UINT64_MAX when that does not fit (loops nested
/// deep at many trips).
uint64_t saturatingMul(uint64_t X, uint64_t Y) {
  uint64_t Product;
  return __builtin_mul_overflow(X, Y, &Product) ? UINT64_MAX : Product;
}

uint64_t saturatingAdd(uint64_t X, uint64_t Y) { return X > UINT64_MAX - Y ? UINT64_MAX : X + Y; }

/// Strongly connected components (iterative Tarjan) of the states in
/// \p Members, over the edges between them except those into \p Skip (a
/// loop's header, to find the loops inside it; ~0u: none). Component[S] per
/// member, numbered in reverse topological order (a component's successors
/// have smaller numbers); returns the count.
uint32_t components(const RecordAutomaton &A, const std::vector<uint32_t> &Members, uint32_t Skip,
                    std::vector<uint32_t> &Component) {
  const uint32_t None = ~0u;
  std::unordered_map<uint32_t, uint32_t> Index, Low; // only the members: loops are walked again inside
  std::vector<uint32_t> Stack;
  std::unordered_set<uint32_t> OnStack, Member(Members.begin(), Members.end());
  uint32_t Next = 0, Count = 0;
  struct Frame {
    uint32_t State;
    const RecordAutomaton::Edge *Edge;
  };
  auto Follows = [&](uint32_t To) { return To != Skip && Member.count(To); };
  for (uint32_t Root : Members) {
    if (Index.count(Root))
      continue;
    std::vector<Frame> Calls{{Root, A.edgesBegin(Root)}};
    Index[Root] = Low[Root] = Next++;
    Stack.push_back(Root);
    OnStack.insert(Root);
    while (!Calls.empty()) {
      Frame &F = Calls.back();
      if (F.Edge != A.edgesEnd(F.State)) {
        uint32_t To = (F.Edge++)->To;
        if (!Follows(To))
          continue;
        if (!Index.count(To)) {
          Index[To] = Low[To] = Next++;
          Stack.push_back(To);
          OnStack.insert(To);
          Calls.push_back({To, A.edgesBegin(To)});
        } else if (OnStack.count(To)) {
          Low[F.State] = std::min(Low[F.State], Index[To]);
        }
        continue;
      }
      uint32_t S = F.State;
      Calls.pop_back();
      if (!Calls.empty())
        Low[Calls.back().State] = std::min(Low[Calls.back().State], Low[S]);
      if (Low[S] == Index[S]) {
        uint32_t Top = None;
        while (Top != S) {
          Top = Stack.back();
          Stack.pop_back();
          OnStack.erase(Top);
          Component[Top] = Count;
        }
        ++Count;
      }
    }
  }
  return Count;
}

/// The loops of an automaton nested as the code nests them: a cyclic
/// component is a loop; its header is the state the way in reaches first
/// (the lowest address among its entries), and the cycles left without the
/// edges back to the header are its inner loops. Each loop's own records
/// are its states outside its inner loops.
class LoopNest {
public:
  struct Loop {
    std::vector<uint32_t> States;
    size_t Parent = SIZE_MAX;
    unsigned Depth = 0;
  };

  explicit LoopNest(const RecordAutomaton &A) : A(A), Preds(A.states()) {
    for (uint32_t S = 0; S < A.states(); ++S)
      for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E)
        Preds[E->To].push_back(S);
  }

  /// Adds the loop that component \p States is, if it is one, and its inner
  /// loops (outer loops before the loops they hold).
  void add(std::vector<uint32_t> States, size_t Parent, unsigned Depth) {
    if (!cyclic(States, ~0u))
      return;
    std::unordered_set<uint32_t> In(States.begin(), States.end());
    uint32_t Header = ~0u;
    bool HeaderIsEntry = false;
    for (uint32_t S : States) {
      // An entry beats a state only reached from inside; then the lower address.
      bool Entry = std::any_of(Preds[S].begin(), Preds[S].end(), [&](uint32_t P) { return !In.count(P); });
      if (Header == ~0u || Entry > HeaderIsEntry ||
          (Entry == HeaderIsEntry && A.address(S) < A.address(Header))) {
        Header = S;
        HeaderIsEntry = Entry;
      }
    }
    size_t Self = Loops.size();
    Loops.push_back({States, Parent, Depth});
    std::vector<uint32_t> Component(A.states(), ~0u);
    uint32_t Count = components(A, States, Header, Component);
    std::vector<std::vector<uint32_t>> Inner(Count);
    for (uint32_t S : States)
      if (S != Header)
        Inner[Component[S]].push_back(S);
    for (std::vector<uint32_t> &I : Inner)
      if (!I.empty() && cyclic(I, Header))
        add(std::move(I), Self, Depth + 1);
  }

  std::vector<Loop> Loops;

private:
  /// Whether an edge joins two of \p States (none into \p Skip).
  bool cyclic(const std::vector<uint32_t> &States, uint32_t Skip) const {
    std::unordered_set<uint32_t> In(States.begin(), States.end());
    for (uint32_t S : States)
      for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E)
        if (E->To != Skip && In.count(E->To))
          return true;
    return false;
  }

  const RecordAutomaton &A;
  std::vector<std::vector<uint32_t>> Preds;
};

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
  std::vector<uint32_t> All(N), Comp(N, ~0u);
  for (uint32_t S = 0; S < N; ++S)
    All[S] = S;
  uint32_t Count = components(A, All, ~0u, Comp);
  std::vector<uint64_t> Weight(Count, 0), Best(Count, 0);
  std::vector<char> Ends(Count, 0), Reached(Count, 0);
  for (uint32_t S = 0; S < N; ++S) {
    Weight[Comp[S]] += S != 0; // every state but the launch is one record
    Ends[Comp[S]] |= A.mayEnd(S);
  }
  // Components are numbered successors first: walk from the launch's down.
  std::vector<std::vector<uint32_t>> Members(Count);
  for (uint32_t S = 0; S < N; ++S)
    Members[Comp[S]].push_back(S);
  LoopNest Nest(A);
  Reached[Comp[0]] = 1;
  Best[Comp[0]] = Weight[Comp[0]];
  for (uint32_t C = Comp[0] + 1; C-- > 0;) {
    if (!Reached[C])
      continue;
    if (Ends[C])
      B.MaxRecords = std::max(B.MaxRecords, Best[C]);
    Nest.add(Members[C], SIZE_MAX, 0);
    for (uint32_t S : Members[C])
      for (const RecordAutomaton::Edge *E = A.edgesBegin(S); E != A.edgesEnd(S); ++E) {
        uint32_t To = Comp[E->To];
        if (To == C)
          continue;
        Best[To] = std::max(Best[To], Best[C] + Weight[To]);
        Reached[To] = 1;
      }
  }
  // The loops in address order, each after the loop that holds it (whose
  // states include its lowest-addressed one).
  std::vector<size_t> Order(Nest.Loops.size()), Position(Nest.Loops.size());
  std::vector<uint64_t> First(Nest.Loops.size());
  for (size_t L = 0; L < Nest.Loops.size(); ++L) {
    Order[L] = L;
    First[L] = UINT64_MAX;
    for (uint32_t S : Nest.Loops[L].States)
      First[L] = std::min(First[L], A.address(S));
  }
  std::sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return std::tie(First[X], Nest.Loops[X].Depth) < std::tie(First[Y], Nest.Loops[Y].Depth);
  });
  for (size_t P = 0; P < Order.size(); ++P)
    Position[Order[P]] = P;
  for (size_t L : Order) {
    const LoopNest::Loop &Loop = Nest.Loops[L];
    uint64_t Records = 0;
    for (uint32_t S : Loop.States)
      Records += S != 0;
    B.Loops.push_back({First[L], Isa.sourceLine(First[L]), Records, Records,
                       Loop.Parent == SIZE_MAX ? SIZE_MAX : Position[Loop.Parent], Loop.Depth});
  }
  for (const LoopBudget &Loop : B.Loops)
    if (Loop.Parent != SIZE_MAX)
      B.Loops[Loop.Parent].OwnRecords -= Loop.RecordsPerIteration;
  return B;
}

} // namespace

uint64_t KernelBudget::recordsAt(unsigned Trips) const {
  // Inner loops come after the loop holding them: from the last one back,
  // each loop's records are Trips times its own and its inner loops'.
  std::vector<uint64_t> Inner(Loops.size(), 0);
  uint64_t Records = MaxRecords;
  for (size_t L = Loops.size(); L-- > 0;) {
    uint64_t AtTrips = saturatingMul(Trips, saturatingAdd(Loops[L].OwnRecords, Inner[L]));
    if (Loops[L].Parent != SIZE_MAX)
      Inner[Loops[L].Parent] = saturatingAdd(Inner[Loops[L].Parent], AtTrips);
    else if (AtTrips > Loops[L].RecordsPerIteration)
      Records = saturatingAdd(Records, AtTrips - Loops[L].RecordsPerIteration); // MaxRecords has it once
    else
      Records -= Loops[L].RecordsPerIteration - AtTrips; // Trips 0: loops that do not run
  }
  return Records;
}

uint64_t recordBytes(uint64_t Records, unsigned RecordBits) {
  uint64_t Bits = saturatingMul(Records, RecordBits);
  return Bits / 8 + (Bits % 8 != 0);
}

LaunchBudget launchBudget(const KernelBudget &B, const LaunchShape &Launch, unsigned RecordBits) {
  LaunchBudget L;
  uint64_t Groups = (Launch.GridItems + Launch.BlockItems - 1) / Launch.BlockItems;
  L.Waves = Groups * ((Launch.BlockItems + B.WaveSize - 1) / B.WaveSize);
  L.WavesPerEngine = (L.Waves + Launch.ShaderEngines - 1) / Launch.ShaderEngines;
  L.RecordsPerWave = B.recordsAt(Launch.Trips);
  L.BytesPerWave = recordBytes(L.RecordsPerWave, RecordBits);
  L.BytesPerEngine = saturatingMul(uint64_t(double(L.WavesPerEngine) * B.RecordingShare + 0.5), L.BytesPerWave);
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
