// TraceAnalysis.cpp - from a trace directory's records to what the tools show.
//
// Records are grouped by slot with a counting pass (no per-slot vectors), so
// the work is linear in the number of records apart from the one time sort,
// which is skipped when the files are already in order (the usual case).
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HugePages.h"

#include <algorithm>
#include <future>
#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <regex>
#include <set>

namespace sqtt {

void RecordCounts::add(const RecordCounts &O) {
  RecordsRead += O.RecordsRead;
  PrivRecords += O.PrivRecords;
  Filtered += O.Filtered;
  Headers += O.Headers;
  FunctionMarkers += O.FunctionMarkers;
  BareExits += O.BareExits;
  UserMarkers += O.UserMarkers;
  PointMarkers += O.PointMarkers;
  UnknownIDs += O.UnknownIDs;
  Noops += O.Noops;
  PayloadRecords += O.PayloadRecords;
  TruncatedPayloads += O.TruncatedPayloads;
  AddressBlocks += O.AddressBlocks;
  TruncatedAddressBlocks += O.TruncatedAddressBlocks;
  BadWaveSize += O.BadWaveSize;
  UnmatchedExits += O.UnmatchedExits;
  OpenAtWaveEnd += O.OpenAtWaveEnd;
  OutsideAnyWave += O.OutsideAnyWave;
  DispatchChanges += O.DispatchChanges;
}

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

uint64_t TraceAnalyzer::threadID(SlotKey Slot, uint32_t Instance) {
  return (uint64_t(slotSE(Slot)) << 32) | (uint64_t(slotCU(Slot)) << 20) |
         (uint64_t(slotSIMD(Slot)) << 16) | (uint64_t(slotWave(Slot)) << 8) | (Instance & 0xFF) |
         (uint64_t(Instance >> 8) << 40);
}

namespace {

bool is64BitAddress(AddressKind K) {
  return K == AddressKind::Load || K == AddressKind::Store || K == AddressKind::Atomic;
}
bool isBuffer(AddressKind K) {
  return K >= AddressKind::BufferLoad;
}
bool isStructBuffer(AddressKind K) { return K >= AddressKind::StructBufferLoad; }

} // namespace

namespace {

/// A record once its slot is known: the slot is implied by where it is
/// stored, Origin is its index in the engine's time-ordered records.
struct SlotRecord {
  int64_t Time;
  uint32_t Value;
  uint32_t Origin;
};

/// Once a record's slot is known, its slot fields are no longer needed, so
/// they hold the slot's ordinal instead: no side array of 4 bytes per record.
constexpr uint32_t NoSlot = UINT32_MAX;
static_assert(offsetof(Record, Flags) == offsetof(Record, CU) + 3, "slot fields are contiguous");
void setSlotOrdinal(Record &R, uint32_t Ordinal) { std::memcpy(&R.CU, &Ordinal, sizeof Ordinal); }
uint32_t slotOrdinal(const Record &R) {
  uint32_t Ordinal;
  std::memcpy(&Ordinal, &R.CU, sizeof Ordinal);
  return Ordinal;
}

/// One engine's slot ordinals by (CU, SIMD, wave): a page of 256 waves per
/// (CU, SIMD) pair seen. A hash lookup per record cost more than the rest of
/// the grouping.
class SlotOrdinals {
public:
  SlotOrdinals() : Pages(1 << 16) {}
  uint32_t &at(const Record &R) {
    std::unique_ptr<uint32_t[]> &Page = Pages[(uint32_t(R.CU) << 8) | R.SIMD];
    if (!Page) {
      Page.reset(new uint32_t[256]);
      std::fill_n(Page.get(), 256, NoSlot);
    }
    return Page[R.Wave];
  }

private:
  std::vector<std::unique_ptr<uint32_t[]>> Pages;
};

/// Everything one shader engine contributes, before it is merged in order.
struct EngineWaves {
  struct Wave {
    OrderKey Key;
    uint64_t Tid;
    uint64_t EventBegin, EventEnd; // bytes of the directory's store
  };
  std::vector<Wave> Waves;
  struct SlotTraces {
    OrderKey Key; // of the slot's first record
    AddressStore::Range Traces;
  };
  std::vector<SlotTraces> Addresses;
};

/// Each dispatch's waves in flight over time: +1 at a launch, -1 at a
/// retirement, on the slots the record filter accepts (its time window does
/// not cut the counter: a wave launched before it is still in flight).
std::map<int64_t, std::vector<std::pair<int64_t, uint32_t>>>
wavesInFlight(const Occupancy &Occ, const RecordFilter &Filter) {
  std::map<int64_t, std::vector<std::pair<int64_t, int>>> Steps;
  RecordFilter SlotsOnly = Filter;
  SlotsOnly.TimeBegin = INT64_MIN, SlotsOnly.TimeEnd = INT64_MAX;
  for (const auto &[Slot, Spans] : Occ.Spans) {
    Record R;
    R.CU = uint8_t(slotCU(Slot)), R.SIMD = uint8_t(slotSIMD(Slot)), R.Wave = uint8_t(slotWave(Slot));
    if (!SlotsOnly.accepts(slotSE(Slot), R))
      continue;
    for (const WaveSpan &S : Spans) {
      auto &Of = Steps[S.Dispatch];
      Of.push_back({S.Launch, 1});
      if (S.Retire != INT64_MAX)
        Of.push_back({S.Retire, -1});
    }
  }
  std::map<int64_t, std::vector<std::pair<int64_t, uint32_t>>> Out;
  for (auto &[Dispatch, Of] : Steps) {
    std::sort(Of.begin(), Of.end());
    auto &Series = Out[Dispatch];
    int64_t Count = 0;
    for (size_t I = 0; I < Of.size(); ++I) {
      Count += Of[I].second;
      // One point per time: the count once every change at that time is in.
      if (I + 1 < Of.size() && Of[I + 1].first == Of[I].first)
        continue;
      Series.push_back({Of[I].first, uint32_t(std::max<int64_t>(Count, 0))});
    }
  }
  return Out;
}

} // namespace

DirResult TraceAnalyzer::analyze(const std::string &Dir, uint32_t DirIndex,
                                 std::vector<std::string> &Warnings) {
  // Files per engine, engines in the order their first file is listed.
  std::vector<ShaderDataFile> Files = listShaderData(Dir, Warnings);
  std::vector<std::pair<uint32_t, std::vector<ShaderDataFile>>> Engines;
  for (const ShaderDataFile &F : Files) {
    auto It = std::find_if(Engines.begin(), Engines.end(),
                           [&](const auto &E) { return E.first == F.SE; });
    if (It == Engines.end())
      It = Engines.insert(Engines.end(), {F.SE, {}});
    It->second.push_back(F);
  }
  std::vector<uint32_t> SEs;
  for (const auto &E : Engines)
    SEs.push_back(E.first);
  Occupancy Occ = readOccupancy(Dir, Warnings);
  return analyzeEngines(Dir, DirIndex, Occ, SEs, [&](size_t E, std::vector<Record> &Records) {
    for (const ShaderDataFile &F : Engines[E].second)
      readShaderData(F, Records);
  }, Warnings);
}

DirResult TraceAnalyzer::analyzeRecords(const std::string &Name, uint32_t DirIndex,
                                        const Occupancy &Occ,
                                        const std::vector<EngineRecords> &Engines,
                                        std::vector<std::string> &Warnings) {
  std::vector<uint32_t> SEs;
  for (const EngineRecords &E : Engines)
    SEs.push_back(E.SE);
  return analyzeEngines(Name, DirIndex, Occ, SEs, [&](size_t E, std::vector<Record> &Records) {
    Records.insert(Records.end(), Engines[E].Records.begin(), Engines[E].Records.end());
  }, Warnings);
}

DirResult TraceAnalyzer::analyzeEngines(const std::string &Dir, uint32_t DirIndex,
                                        const Occupancy &Occ, const std::vector<uint32_t> &SEs,
                                        const EngineLoader &Load,
                                        std::vector<std::string> &Warnings) {
  DirResult Result;
  Result.Dir = Dir;
  RecordCounts &Loss = Result.Loss;
  for (auto &[Id, Name] : Occ.Dispatches)
    if (!Name.empty() && Name.rfind("0 /", 0) != 0)
      ++Result.Dispatches;

  // Each dispatch's code object, kernel, map and root frames (D17), once.
  struct Resolved {
    DispatchTarget Target;
    uint32_t Kernel = 0; // interned display name, "" for none
    uint32_t Prefix = FoldedProfile::Root;
    bool KernelMatches = true, DispatchMatches = true;
    std::string ProcessName;
  };
  std::unordered_map<int64_t, Resolved> DispatchCache;
  std::set<std::string> Problems;
  std::optional<std::regex> KernelRe;
  if (!Options.KernelRegex.empty())
    KernelRe.emplace(Options.KernelRegex);
  const uint32_t NoKernel = Names.intern("");
  auto ResolveDispatch = [&](int64_t D) -> const Resolved & {
    auto [It, New] = DispatchCache.try_emplace(D);
    if (New) {
      Resolved &R = It->second;
      std::string Name = Occ.dispatchName(D);
      R.Target = Resolver.resolveDispatch(Name);
      std::string Display = Resolver.display(R.Target.Kernel);
      R.Kernel = Names.intern(Display);
      if (!R.Target.Problem.empty())
        Problems.insert(R.Target.Problem);
      if (R.Target.CodeObject)
        R.Prefix = Profile.child(R.Prefix, Names.intern(Resolver.rootFrame(*R.Target.CodeObject)));
      if (!R.Target.Kernel.empty())
        R.Prefix = Profile.child(R.Prefix, R.Kernel);
      R.KernelMatches = !KernelRe || std::regex_search(Name, *KernelRe) ||
                        std::regex_search(Display, *KernelRe);
      R.DispatchMatches = Options.Dispatch < 0 || D == Options.Dispatch;
      std::string Shown = R.Target.Kernel.empty() ? Name : Display;
      R.ProcessName = "dispatch " + std::to_string(D) + (Shown.empty() ? "" : ": " + Shown);
    }
    return It->second;
  };
  // The map a record is decoded with: its dispatch's code object's only.
  auto MapOfSpan = [&](const WaveSpan *Span) -> const MarkerMap & {
    return Span ? *ResolveDispatch(Span->Dispatch).Target.Map : Resolver.outsideDispatch();
  };
  // Every filter on its own, so one that matches nothing can be named.
  const bool Filtering = Options.filtered();
  const bool DispatchFiltering = !Options.KernelRegex.empty() || Options.Dispatch >= 0;
  auto Accepts = [&](uint32_t SE, const Record &R) {
    const RecordFilter &F = Options.Filter;
    bool Pass[FilterKinds] = {F.SE < 0 || SE == uint32_t(F.SE), F.CU < 0 || R.CU == F.CU,
                              F.SIMD < 0 || R.SIMD == F.SIMD,   F.Wave < 0 || R.Wave == F.Wave,
                              R.Time >= F.TimeBegin && R.Time < F.TimeEnd, true, true};
    if (DispatchFiltering) {
      const WaveSpan *Span = Occ.findSpan(slotKey(SE, R), R.Time);
      const Resolved *D = Span ? &ResolveDispatch(Span->Dispatch) : nullptr;
      Pass[FilterKernel] = D && D->KernelMatches;
      Pass[FilterDispatch] = D && D->DispatchMatches;
    }
    bool All = true;
    for (int K = 0; K < FilterKinds; ++K) {
      Result.Passed[K] += Pass[K];
      All = All && Pass[K];
    }
    return All;
  };
  const uint32_t DirName = Options.Stats ? Names.intern(Dir) : 0;
  uint64_t WaveSerial = 0;

  std::map<std::pair<int64_t, uint64_t>, ThreadInfo> Threads;
  const uint32_t NoLocation = Options.Events ? Names.intern("") : 0;
  if (Options.Events)
    Result.WavesInFlight = wavesInFlight(Occ, Options.Filter);
  std::vector<EngineWaves> PerEngine(SEs.size());

  // An engine's records, read and in time order. Reading touches nothing the
  // analysis shares, so with a spare core the next engine is read while this
  // one is analysed (one more engine's records in memory).
  // The buffers are reused from engine to engine: fresh ones cost a page
  // fault and a zeroed page per 4 KiB every time.
  auto ReadEngine = [&Load](size_t E, std::vector<Record> Records) {
    Records.clear();
    Load(E, Records);
    if (!std::is_sorted(Records.begin(), Records.end(),
                        [](const Record &A, const Record &B) { return A.Time < B.Time; }))
      std::stable_sort(Records.begin(), Records.end(),
                       [](const Record &A, const Record &B) { return A.Time < B.Time; });
    return Records;
  };
  std::future<std::vector<Record>> Next;
  if (Options.ReadAhead && !SEs.empty())
    Next = std::async(std::launch::async, ReadEngine, size_t(0), std::vector<Record>());
  std::vector<Record> Spare;
  std::vector<SlotRecord> Stream;
  std::vector<TimelineEvent> Events; // one wave's, until they go to the store

  for (size_t E = 0; E < SEs.size(); ++E) {
    if (Options.EngineProgress)
      Options.EngineProgress(E, SEs.size());
    const uint32_t SE = SEs[E];
    EngineWaves &Out = PerEngine[E];
    std::vector<Record> Records = Next.valid() ? Next.get() : ReadEngine(E, std::move(Spare));
    if (Options.ReadAhead && E + 1 < SEs.size())
      Next = std::async(std::launch::async, ReadEngine, E + 1, std::move(Spare));
    Loss.RecordsRead += Records.size();

    // Group by slot, in first-appearance order, dropping PRIV and filtered
    // records, then copy each slot's records next to each other: every later
    // pass walks one slot at a time, and reading a slot's records in place
    // would miss the cache on nearly every record.
    SlotOrdinals SlotOrdinal;
    std::vector<SlotKey> Slots;
    std::vector<uint32_t> Counts;
    for (Record &R : Records) {
      if (R.Flags & RecordFlagPriv) {
        ++Loss.PrivRecords;
        setSlotOrdinal(R, NoSlot);
        continue;
      }
      if (Filtering && !Accepts(SE, R)) {
        ++Loss.Filtered;
        setSlotOrdinal(R, NoSlot);
        continue;
      }
      uint32_t &Ordinal = SlotOrdinal.at(R);
      if (Ordinal == NoSlot) {
        Ordinal = uint32_t(Slots.size());
        Slots.push_back(slotKey(SE, R));
        Counts.push_back(0);
      }
      setSlotOrdinal(R, Ordinal);
      ++Counts[Ordinal];
    }
    std::vector<uint32_t> Start(Slots.size() + 1, 0);
    for (size_t S = 0; S < Slots.size(); ++S)
      Start[S + 1] = Start[S] + Counts[S];
    std::vector<uint32_t>().swap(Counts);
    Stream.clear();
    reserveLarge(Stream, Start.back());
    Stream.resize(Start.back());
    {
      std::vector<uint32_t> Fill(Start.begin(), Start.end() - 1);
      for (size_t I = 0; I < Records.size(); ++I)
        if (uint32_t S = slotOrdinal(Records[I]); S != NoSlot)
          Stream[Fill[S]++] = {Records[I].Time, Records[I].Value, uint32_t(I)};
    }
    Spare = std::move(Records);
    Result.Slots += Slots.size();

    // Preprocess each slot: payload skip, address blocks; headers stay in
    // Stream, compacted in place. A header's payload words are kept for the
    // timeline (data markers show their values): header index -> words.
    std::vector<uint32_t> HeaderEnd(Slots.size());
    std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> PayloadOf; // offset, count
    std::vector<uint32_t> PayloadWords;
    for (size_t S = 0; S < Slots.size(); ++S) {
      SlotKey Slot = Slots[S];
      size_t End = Start[S + 1], Kept = Start[S];
      const SlotRecord First = Stream[Start[S]];
      std::vector<AddressTrace> SlotTraces;
      SpanCursor Cursor(Occ, Slot);
      for (size_t I = Start[S]; I < End;) {
        const SlotRecord &R = Stream[I];
        const WaveSpan *Span = Cursor.at(R.Time);
        const Resolved *Info = Span ? &ResolveDispatch(Span->Dispatch) : nullptr;
        const MarkerMap &Map = MapOfSpan(Span);
        DecodedMarker D = Resolver.decode(R.Value, Map);
        if (D.Info && D.Info->Address != AddressKind::None) {
          AddressKind Kind = D.Info->Address;
          ++Loss.AddressBlocks;
          uint32_t W = Map.WaveSize;
          if (W != 32 && W != 64) {
            ++Loss.BadWaveSize;
            ++I; // Only the header is skipped.
            continue;
          }
          size_t Avail = End - I - 1;
          size_t Fixed = 2 + (isBuffer(Kind) ? 3 : 0);
          size_t PerLane = is64BitAddress(Kind) || isStructBuffer(Kind) ? 2 : 1;
          if (Avail < Fixed + size_t(W) * PerLane) {
            ++Loss.TruncatedAddressBlocks;
            I = End;
            continue;
          }
          auto Word = [&](size_t K) -> uint64_t { return Stream[I + 1 + K].Value; };
          AddressTrace T;
          T.Kind = Kind;
          T.MarkerID = D.ID;
          T.Time = R.Time;
          T.SE = uint8_t(SE), T.CU = uint8_t(slotCU(Slot)), T.SIMD = uint8_t(slotSIMD(Slot)),
          T.Wave = uint8_t(slotWave(Slot));
          T.Exec = Word(0) | (Word(1) << 32);
          T.SourceLoc = D.Info->SourceLoc;
          T.WaveSize = uint8_t(W);
          T.Kernel = NoKernel;
          if (Span)
            T.Dispatch = Span->Dispatch;
          if (Info) {
            T.Kernel = Info->Kernel;
            T.CodeObject = Info->Target.CodeObject;
          }
          if (isBuffer(Kind)) {
            uint64_t RsrcLo = Word(2), RsrcHi = Word(3), SOffset = Word(4);
            uint64_t Base = (RsrcLo | (RsrcHi << 32)) & 0xFFFFFFFFFFFFull;
            uint64_t Stride = (RsrcHi >> 16) & 0x3FFF;
            for (uint32_t Lane = 0; Lane < W; ++Lane) {
              if (!((T.Exec >> Lane) & 1))
                continue;
              uint64_t Addr = Base + SOffset + Word(5 + Lane);
              if (isStructBuffer(Kind))
                Addr += Word(5 + W + Lane) * Stride;
              T.Addresses.push_back(Addr);
            }
          } else {
            for (uint32_t Lane = 0; Lane < W; ++Lane) {
              if (!((T.Exec >> Lane) & 1))
                continue;
              uint64_t Addr = Word(2 + Lane * PerLane);
              if (PerLane == 2)
                Addr |= Word(3 + Lane * PerLane) << 32;
              T.Addresses.push_back(Addr);
            }
          }
          if (Options.Addresses)
            SlotTraces.push_back(std::move(T));
          I += 1 + Fixed + size_t(W) * PerLane;
          continue;
        }
        Stream[Kept++] = Stream[I];
        uint32_t Extra = D.Info ? D.Info->ExtraPayload : 0;
        if (Extra > End - I - 1) {
          ++Loss.TruncatedPayloads;
          Loss.PayloadRecords += End - I - 1;
          I = End;
          continue;
        }
        Loss.PayloadRecords += Extra;
        if (Extra && Options.Events) {
          PayloadOf[uint32_t(Kept - 1)] = {uint32_t(PayloadWords.size()), Extra};
          for (uint32_t K = 1; K <= Extra; ++K)
            PayloadWords.push_back(Stream[I + K].Value);
        }
        if (Options.Stats && Extra && D.Info->Type == MarkerType::Point) {
          uint32_t Kernel = Span ? ResolveDispatch(Span->Dispatch).Kernel : NoKernel;
          for (uint32_t K = 1; K <= Extra; ++K)
            Result.Stats.data(Kernel, D.Info->Name, Stream[I + K].Value);
        }
        I += 1 + Extra;
      }
      HeaderEnd[S] = uint32_t(Kept);
      Loss.Headers += Kept - Start[S];
      if (!SlotTraces.empty()) // Written out now: memory holds one slot's traces.
        Out.Addresses.push_back({{DirIndex, First.Time, uint32_t(E), First.Origin, 0},
                                 Result.Addresses.append(SlotTraces)});
    }

    // Wave instances: contiguous runs of a slot's headers.
    struct Group {
      SlotKey Slot;
      uint32_t Instance, Begin, End;
    };
    std::vector<Group> Groups;
    for (size_t S = 0; S < Slots.size(); ++S) {
      SpanCursor Cursor(Occ, Slots[S]);
      for (uint32_t I = Start[S]; I < HeaderEnd[S];) {
        uint32_t Inst = Cursor.instance(Stream[I].Time);
        uint32_t J = I + 1;
        while (J < HeaderEnd[S] && Cursor.instance(Stream[J].Time) == Inst)
          ++J;
        Groups.push_back({Slots[S], Inst, I, J});
        I = J;
      }
    }
    Result.WaveCount += Groups.size();

    std::optional<SpanCursor> Cursor;
    SlotKey CursorSlot = 0;
    for (const Group &G : Groups) {
      if (!Cursor || CursorSlot != G.Slot) { // A slot's groups are adjacent and in time order.
        Cursor.emplace(Occ, G.Slot);
        CursorSlot = G.Slot;
      }
      OrderKey Key{DirIndex, Stream[G.Begin].Time, uint32_t(E), Stream[G.Begin].Origin, 0};
      uint64_t Tid = threadID(G.Slot, G.Instance);
      std::optional<int64_t> Cur;
      const MarkerMap *Map = &Resolver.outsideDispatch();
      uint32_t Prefix = FoldedProfile::Root, Node = Prefix;
      std::optional<int64_t> LastTime;
      size_t Open = 0; // Perfetto scopes open on this thread
      int64_t Pid = 0;
      std::optional<int64_t> ThreadPid; // the dispatch the wave's thread was last recorded in
      // Scopes open on this wave, for the statistics: entry time and the
      // self time spent while each was innermost.
      struct OpenScope {
        uint32_t Name;
        StatKind Kind;
        int64_t Start;
        uint64_t Self;
      };
      std::vector<OpenScope> Scopes;
      uint32_t Kernel = NoKernel, WaveName = 0;
      ++WaveSerial;
      if (Options.Stats)
        WaveName = Names.intern("SE" + std::to_string(slotSE(G.Slot)) + "/CU" +
                                std::to_string(slotCU(G.Slot)) + "/SIMD" +
                                std::to_string(slotSIMD(G.Slot)) + "/W" +
                                std::to_string(slotWave(G.Slot)) + "#" + std::to_string(G.Instance));
      auto DropScopes = [&] {
        for (const OpenScope &S : Scopes)
          Result.Stats.open(Kernel, S.Name, S.Kind);
        Scopes.clear();
      };
      auto Flush = [&](int64_t Now) {
        if (LastTime && Node != Prefix && Now > *LastTime) {
          uint64_t Dt = uint64_t(Now - *LastTime);
          if (Options.Folded) {
            Profile.attribute(Node, Dt, Key);
            ++Key.Sequence;
          }
          if (!Scopes.empty())
            Scopes.back().Self += Dt;
        }
      };
      auto Emit = [&](TimelineEvent::Phase Ph, int64_t T, uint32_t Name, MarkerType Cat,
                      const DecodedMarker *M = nullptr) {
        if (!Options.Events)
          return;
        TimelineEvent Ev;
        Ev.Time = T, Ev.Pid = Pid, Ev.Name = Name, Ev.Ph = Ph, Ev.Category = Cat;
        Ev.SourceLoc = NoLocation;
        if (M) {
          Ev.MarkerID = M->ID;
          if (M->Info)
            Ev.SourceLoc = M->Info->SourceLoc;
          else
            Ev.Flags |= TimelineEvent::FlagUnknown;
        }
        Events.push_back(Ev);
        if (ThreadPid != Pid) { // The wave's thread in this dispatch, once.
          Threads.try_emplace({Pid, Tid}, ThreadInfo{Pid, Tid, G.Slot, G.Instance});
          ThreadPid = Pid;
        }
      };
      int64_t LastRecordTime = 0;
      for (uint32_t H = G.Begin; H < G.End; ++H) {
        const SlotRecord &R = Stream[H];
        LastRecordTime = R.Time;
        const WaveSpan *Span = Cursor->at(R.Time);
        std::optional<int64_t> D;
        if (Span)
          D = Span->Dispatch;
        else
          ++Loss.OutsideAnyWave;
        if (D != Cur) {
          Flush(R.Time);
          if (Cur)
            ++Loss.DispatchChanges;
          for (; Open; --Open)
            Emit(TimelineEvent::End, R.Time, 0, MarkerType::Function);
          DropScopes();
          Cur = D;
          Pid = D.value_or(0);
          LastTime.reset();
          Prefix = FoldedProfile::Root;
          Map = &Resolver.outsideDispatch();
          Kernel = NoKernel;
          if (D) {
            const Resolved &Res = ResolveDispatch(*D);
            Prefix = Res.Prefix;
            Map = Res.Target.Map;
            Kernel = Res.Kernel;
            if (Options.Events) {
              if (Res.Target.CodeObject)
                Result.CodeObjects[Pid] = *Res.Target.CodeObject;
              if (!Res.Target.Kernel.empty())
                Result.Kernels.try_emplace(Pid, Resolver.display(Res.Target.Kernel));
            }
            if (!Result.ProcessNames.count(Pid))
              Result.ProcessNames[Pid] = Res.ProcessName;
          }
          Node = Prefix;
        }
        DecodedMarker M = Resolver.decode(R.Value, *Map);
        if (M.isNoop()) {
          ++Loss.Noops;
          continue;
        }
        MarkerType Type = M.Info ? M.Info->Type : MarkerType::Function;
        // Half the records are bare exits, which need no name: the unknown
        // name ("event#<id>") is only made for a record that uses it.
        auto NameOf = [&] { return M.Info ? M.Info->Name : Resolver.unknownName(M.ID); };
        if (!M.Info && M.ID != 0)
          ++Loss.UnknownIDs; // A bare exit (ID 0) needs no map entry.
        if (Type == MarkerType::Point) {
          ++Loss.PointMarkers;
          Emit(TimelineEvent::Instant, R.Time, NameOf(), MarkerType::Point, &M);
          if (auto P = PayloadOf.find(H); P != PayloadOf.end())
            for (uint32_t K = 0; K < P->second.second; ++K)
              Emit(TimelineEvent::Payload, R.Time, PayloadWords[P->second.first + K],
                   MarkerType::Point);
          continue;
        }
        if (!M.Info && M.ID == 0)
          ++Loss.BareExits;
        else
          (Type == MarkerType::Function ? Loss.FunctionMarkers : Loss.UserMarkers) += 1;
        Flush(R.Time);
        LastTime = R.Time;
        if (M.ExitPrev) {
          if (Node != Prefix) {
            Node = Profile.parent(Node);
            if (Options.Stats && !Scopes.empty()) {
              const OpenScope &S = Scopes.back();
              Result.Stats.interval(Kernel, S.Name, S.Kind, uint64_t(R.Time - S.Start), S.Self,
                                    WaveSerial, WaveName, DirName);
              Scopes.pop_back();
            }
            if (Open) {
              --Open;
              Emit(TimelineEvent::End, R.Time, 0, MarkerType::Function);
            }
          } else {
            ++Loss.UnmatchedExits;
          }
        }
        if (M.Enter) {
          uint32_t Name = NameOf();
          Node = Profile.child(Node, Name);
          if (Options.Stats)
            Scopes.push_back({Name, Type == MarkerType::User ? StatKind::User : StatKind::Function,
                              R.Time, 0});
          ++Open;
          Emit(TimelineEvent::Begin, R.Time, Name, Type, &M);
        }
      }
      DropScopes();
      uint32_t Depth = Profile.depth(Node) - Profile.depth(Prefix);
      if (Depth) {
        Loss.OpenAtWaveEnd += Depth;
        for (; Open; --Open)
          Emit(TimelineEvent::End, LastRecordTime + 1, 0, MarkerType::Function);
      }
      // The wave's events go to the store as soon as it is complete: one
      // wave's are in memory, and only the wave index stays.
      if (!Events.empty()) {
        auto [Begin, End] = Result.Events.append(Events.data(), Events.data() + Events.size());
        Out.Waves.push_back({Key, Tid, Begin, End});
        Events.clear();
      }
    }
    if (Options.Events)
      Result.Events.flush();
  }

  // Merge the engines in the reference's order: waves by their first header.
  if (Options.Events) {
    std::vector<std::pair<OrderKey, WaveEvents>> Order;
    for (uint32_t E = 0; E < PerEngine.size(); ++E)
      for (const EngineWaves::Wave &W : PerEngine[E].Waves)
        Order.push_back({W.Key, {W.Tid, W.EventBegin, W.EventEnd}});
    std::sort(Order.begin(), Order.end(),
              [](const auto &A, const auto &B) { return A.first < B.first; });
    for (auto &[Key, W] : Order)
      Result.Waves.push_back(W);
  }
  if (Options.Addresses) {
    std::vector<EngineWaves::SlotTraces *> Order;
    for (EngineWaves &E : PerEngine)
      for (EngineWaves::SlotTraces &S : E.Addresses)
        Order.push_back(&S);
    std::sort(Order.begin(), Order.end(),
              [](const auto *A, const auto *B) { return A->Key < B->Key; });
    for (EngineWaves::SlotTraces *S : Order)
      Result.AddressSlots.push_back(S->Traces);
  }
  for (const std::string &P : Problems) {
    Warnings.push_back(Dir + ": " + P + " (shown as event#<id>)");
    Result.Unresolved.push_back(P);
  }
  for (auto &[Key, Info] : Threads) {
    Result.Threads.push_back(Info);
    if (Info.Pid == 0)
      Result.ProcessNames[0] = "unknown dispatch";
  }
  return Result;
}

void forEachAddressTrace(const DirResult &Dir, const std::function<void(const AddressTrace &)> &Fn) {
  std::vector<AddressTrace> Slot;
  for (const AddressStore::Range &R : Dir.AddressSlots) {
    Dir.Addresses.read(R, Slot);
    for (const AddressTrace &T : Slot)
      Fn(T);
  }
}

} // namespace sqtt
