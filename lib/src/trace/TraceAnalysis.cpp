// TraceAnalysis.cpp - from a trace directory's records to what the tools show.
//
// Records are grouped by slot with a counting pass (no per-slot vectors), so
// the work is linear in the number of records apart from the one time sort,
// which is skipped when the files are already in order (the usual case).
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <future>
#include <cstddef>
#include <cstring>
#include <optional>
#include <set>

namespace sqtt {

void LossCounters::add(const LossCounters &O) {
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

/// Everything one shader engine contributes, before it is merged in order.
struct EngineWaves {
  struct Wave {
    OrderKey Key;
    uint64_t Tid;
    uint64_t EventBegin, EventEnd; // in Events, then in the directory's store
  };
  std::vector<Wave> Waves;
  std::vector<ChromeEvent> Events;
  struct SlotTraces {
    OrderKey Key; // of the slot's first record
    AddressStore::Range Traces;
  };
  std::vector<SlotTraces> Addresses;
};

/// Each dispatch's waves in flight over time: +1 at a launch, -1 at a
/// retirement, on the slots the record filter accepts.
std::map<int64_t, std::vector<std::pair<int64_t, uint32_t>>>
wavesInFlight(const Occupancy &Occ, const RecordFilter &Filter) {
  std::map<int64_t, std::vector<std::pair<int64_t, int>>> Steps;
  for (const auto &[Slot, Spans] : Occ.Spans) {
    Record R;
    R.CU = uint8_t(slotCU(Slot)), R.SIMD = uint8_t(slotSIMD(Slot)), R.Wave = uint8_t(slotWave(Slot));
    if (!Filter.accepts(R))
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
  LossCounters &Loss = Result.Loss;
  for (auto &[Id, Name] : Occ.Dispatches)
    if (!Name.empty() && Name.rfind("0 /", 0) != 0)
      ++Result.Dispatches;

  // The map a record is decoded with: its dispatch's code object, if known.
  // Address traces also say which kernel and code object they belong to.
  struct DispatchInfo {
    const MarkerMap *Map = nullptr;
    std::optional<uint64_t> CodeObject;
    uint32_t Kernel = 0; // interned display name
  };
  std::unordered_map<int64_t, DispatchInfo> Dispatches;
  const uint32_t NoKernel = Names.intern("");
  auto InfoOfSpan = [&](const WaveSpan *Span) -> const DispatchInfo * {
    if (!Span)
      return nullptr;
    auto [It, New] = Dispatches.try_emplace(Span->Dispatch);
    if (New) {
      std::string Name = Occ.dispatchName(Span->Dispatch);
      It->second.CodeObject = Resolver.codeObjectOfKernel(Name);
      It->second.Map = It->second.CodeObject ? Resolver.forCodeObject(*It->second.CodeObject) : nullptr;
      if (!It->second.Map)
        It->second.CodeObject.reset();
      It->second.Kernel = Name.empty() ? NoKernel : Names.intern(Resolver.display(Name));
    }
    return &It->second;
  };

  std::map<std::pair<int64_t, uint64_t>, ThreadInfo> Threads;
  const uint32_t NoLocation = Options.Events ? Names.intern("") : 0;
  if (Options.Events)
    Result.WavesInFlight = wavesInFlight(Occ, Options.Filter);
  std::set<std::string> UnknownKernels;
  std::vector<EngineWaves> PerEngine(SEs.size());

  // An engine's records, read and in time order. Reading touches nothing the
  // analysis shares, so with a spare core the next engine is read while this
  // one is analysed (one more engine's records in memory).
  auto ReadEngine = [&Load](size_t E) {
    std::vector<Record> Records;
    Load(E, Records);
    if (!std::is_sorted(Records.begin(), Records.end(),
                        [](const Record &A, const Record &B) { return A.Time < B.Time; }))
      std::stable_sort(Records.begin(), Records.end(),
                       [](const Record &A, const Record &B) { return A.Time < B.Time; });
    return Records;
  };
  std::future<std::vector<Record>> Next;
  if (Options.ReadAhead && !SEs.empty())
    Next = std::async(std::launch::async, ReadEngine, size_t(0));

  for (size_t E = 0; E < SEs.size(); ++E) {
    if (Options.EngineProgress)
      Options.EngineProgress(E, SEs.size());
    const uint32_t SE = SEs[E];
    EngineWaves &Out = PerEngine[E];
    std::vector<Record> Records = Next.valid() ? Next.get() : ReadEngine(E);
    if (Options.ReadAhead && E + 1 < SEs.size())
      Next = std::async(std::launch::async, ReadEngine, E + 1);
    Loss.RecordsRead += Records.size();

    // Group by slot, in first-appearance order, dropping PRIV and filtered
    // records, then copy each slot's records next to each other: every later
    // pass walks one slot at a time, and reading a slot's records in place
    // would miss the cache on nearly every record.
    std::unordered_map<SlotKey, uint32_t> SlotOrdinal;
    std::vector<SlotKey> Slots;
    std::vector<uint32_t> Counts;
    for (Record &R : Records) {
      if (R.Flags & RecordFlagPriv) {
        ++Loss.PrivRecords;
        setSlotOrdinal(R, NoSlot);
        continue;
      }
      if (!Options.Filter.accepts(R)) {
        ++Loss.Filtered;
        setSlotOrdinal(R, NoSlot);
        continue;
      }
      SlotKey Key = slotKey(SE, R);
      auto [It, New] = SlotOrdinal.try_emplace(Key, uint32_t(Slots.size()));
      if (New) {
        Slots.push_back(Key);
        Counts.push_back(0);
      }
      setSlotOrdinal(R, It->second);
      ++Counts[It->second];
    }
    std::vector<uint32_t> Start(Slots.size() + 1, 0);
    for (size_t S = 0; S < Slots.size(); ++S)
      Start[S + 1] = Start[S] + Counts[S];
    std::vector<uint32_t>().swap(Counts);
    std::vector<SlotRecord> Stream(Start.back());
    {
      std::vector<uint32_t> Fill(Start.begin(), Start.end() - 1);
      for (size_t I = 0; I < Records.size(); ++I)
        if (uint32_t S = slotOrdinal(Records[I]); S != NoSlot)
          Stream[Fill[S]++] = {Records[I].Time, Records[I].Value, uint32_t(I)};
    }
    std::vector<Record>().swap(Records);
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
        const DispatchInfo *Info = InfoOfSpan(Span);
        const MarkerMap &Map = Info && Info->Map ? *Info->Map : Resolver.merged();
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
            T.CodeObject = Info->CodeObject;
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
      size_t EventBegin = Out.Events.size();
      uint64_t Tid = threadID(G.Slot, G.Instance);
      std::optional<int64_t> Cur;
      const MarkerMap *Map = &Resolver.merged();
      uint32_t Prefix = FoldedProfile::Root, Node = Prefix;
      std::optional<int64_t> LastTime;
      size_t Open = 0; // Perfetto scopes open on this thread
      int64_t Pid = 0;
      auto Flush = [&](int64_t Now) {
        if (Options.Folded && LastTime && Node != Prefix && Now > *LastTime) {
          Profile.attribute(Node, uint64_t(Now - *LastTime), Key);
          ++Key.Sequence;
        }
      };
      auto Emit = [&](ChromeEvent::Phase Ph, int64_t T, uint32_t Name, MarkerType Cat,
                      const DecodedMarker *M = nullptr) {
        if (!Options.Events)
          return;
        ChromeEvent Ev;
        Ev.Time = T, Ev.Pid = Pid, Ev.Name = Name, Ev.Ph = Ph, Ev.Category = Cat;
        Ev.SourceLoc = NoLocation;
        if (M) {
          Ev.MarkerID = M->ID;
          if (M->Info)
            Ev.SourceLoc = M->Info->SourceLoc;
          else
            Ev.Flags |= ChromeEvent::FlagUnknown;
        }
        Out.Events.push_back(Ev);
        Threads.try_emplace({Pid, Tid}, ThreadInfo{Pid, Tid, G.Slot, G.Instance});
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
            Emit(ChromeEvent::End, R.Time, 0, MarkerType::Function);
          Cur = D;
          Pid = D.value_or(0);
          LastTime.reset();
          Prefix = FoldedProfile::Root;
          Map = &Resolver.merged();
          std::string Name = D ? Occ.dispatchName(*D) : std::string();
          if (!Name.empty() && Name.rfind("0 /", 0) != 0) {
            if (std::optional<uint64_t> CO = Resolver.codeObjectOfKernel(Name)) {
              if (Options.Events)
                Result.CodeObjects[Pid] = *CO;
              Prefix = Profile.child(Prefix, Names.intern("code_object_" + std::to_string(*CO)));
              if (const MarkerMap *M = Resolver.forCodeObject(*CO))
                Map = M;
            } else {
              UnknownKernels.insert(Name);
            }
            Prefix = Profile.child(Prefix, Names.intern(Resolver.display(Name)));
          }
          Node = Prefix;
          if (D && !Name.empty() && Options.Events)
            Result.Kernels.try_emplace(Pid, Resolver.display(Name));
          if (D && !Result.ProcessNames.count(Pid))
            Result.ProcessNames[Pid] = Name.empty() ? "dispatch " + std::to_string(Pid)
                                                    : "dispatch " + std::to_string(Pid) + ": " +
                                                          Resolver.display(Name);
        }
        DecodedMarker M = Resolver.decode(R.Value, *Map);
        if (M.isNoop()) {
          ++Loss.Noops;
          continue;
        }
        MarkerType Type = M.Info ? M.Info->Type : MarkerType::Function;
        uint32_t Name = M.Info ? M.Info->Name : Resolver.unknownName(M.ID);
        if (!M.Info && M.ID != 0)
          ++Loss.UnknownIDs; // A bare exit (ID 0) needs no map entry.
        if (Type == MarkerType::Point) {
          ++Loss.PointMarkers;
          Emit(ChromeEvent::Instant, R.Time, Name, MarkerType::Point, &M);
          if (auto P = PayloadOf.find(H); P != PayloadOf.end())
            for (uint32_t K = 0; K < P->second.second; ++K)
              Emit(ChromeEvent::Payload, R.Time, PayloadWords[P->second.first + K],
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
            if (Open) {
              --Open;
              Emit(ChromeEvent::End, R.Time, 0, MarkerType::Function);
            }
          } else {
            ++Loss.UnmatchedExits;
          }
        }
        if (M.Enter) {
          Node = Profile.child(Node, Name);
          ++Open;
          Emit(ChromeEvent::Begin, R.Time, Name, Type, &M);
        }
      }
      uint32_t Depth = Profile.depth(Node) - Profile.depth(Prefix);
      if (Depth) {
        Loss.OpenAtWaveEnd += Depth;
        for (; Open; --Open)
          Emit(ChromeEvent::End, LastRecordTime + 1, 0, MarkerType::Function);
      }
      if (Out.Events.size() != EventBegin)
        Out.Waves.push_back({Key, Tid, EventBegin, Out.Events.size()});
    }
    if (Options.Events) { // Only the wave index stays in memory.
      uint64_t Base = Result.Events.append(Out.Events);
      for (EngineWaves::Wave &W : Out.Waves)
        W.EventBegin += Base, W.EventEnd += Base;
      std::vector<ChromeEvent>().swap(Out.Events);
    }
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
  for (const std::string &K : UnknownKernels)
    Warnings.push_back(Dir + ": kernel '" + K + "' is in no code object's funcmap; its markers are "
                             "decoded with the union of all maps");
  for (auto &[Key, Info] : Threads) {
    Result.Threads.push_back(Info);
    if (Info.Pid == 0)
      Result.ProcessNames[0] = "unknown dispatch";
  }
  return Result;
}

} // namespace sqtt
