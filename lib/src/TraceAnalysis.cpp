// TraceAnalysis.cpp - from a trace directory's records to what the tools show.
//
// Records are grouped by slot with a counting pass (no per-slot vectors), so
// the work is linear in the number of records apart from the one time sort,
// which is skipped when the files are already in order (the usual case).
#include "sqtt/TraceAnalysis.h"
#include "sqtt/Error.h"

#include <algorithm>
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
    Nodes.push_back({Parent, Name, Nodes[Parent].Depth + 1, 0, 0});
  return It->second;
}

void FoldedProfile::attribute(uint32_t Node, uint64_t Cycles) {
  Nodes[Node].Cycles += Cycles;
  if (Nodes[Node].Execs++ == 0)
    Order.push_back(Node);
}

std::vector<uint32_t> FoldedProfile::path(uint32_t Node) const {
  std::vector<uint32_t> Names;
  for (; Node != Root; Node = Nodes[Node].Parent)
    Names.push_back(Nodes[Node].Name);
  std::reverse(Names.begin(), Names.end());
  return Names;
}

std::vector<FoldedProfile::Entry> FoldedProfile::entries() const {
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

/// A header record kept for the walk.
struct Header {
  uint32_t Record; // index into the sorted records
};

struct Group {
  SlotKey Slot;
  uint32_t Instance;
  uint32_t Begin, End; // range in the slot's header list
  size_t SlotIndex;
};

} // namespace

DirResult TraceAnalyzer::analyze(const std::string &Dir, std::vector<std::string> &Warnings) {
  DirResult Result;
  Result.Dir = Dir;
  LossCounters &Loss = Result.Loss;

  std::vector<Record> Records;
  for (const ShaderDataFile &F : listShaderData(Dir, Warnings))
    Loss.RecordsRead += readShaderData(F, Records);
  if (!std::is_sorted(Records.begin(), Records.end(),
                      [](const Record &A, const Record &B) { return A.Time < B.Time; }))
    std::stable_sort(Records.begin(), Records.end(),
                     [](const Record &A, const Record &B) { return A.Time < B.Time; });
  Occupancy Occ = readOccupancy(Dir, Warnings);
  for (auto &[Id, Name] : Occ.Dispatches)
    if (!Name.empty() && Name.rfind("0 /", 0) != 0)
      ++Result.Dispatches;

  // Group by slot, in first-appearance order, dropping PRIV and filtered records.
  std::unordered_map<SlotKey, uint32_t> SlotOrdinal;
  std::vector<SlotKey> Slots;
  std::vector<uint32_t> RecordSlot(Records.size(), UINT32_MAX);
  std::vector<uint32_t> Counts;
  for (size_t I = 0; I < Records.size(); ++I) {
    const Record &R = Records[I];
    if (R.Flags & RecordFlagPriv) {
      ++Loss.PrivRecords;
      continue;
    }
    if (!Options.Filter.accepts(R)) {
      ++Loss.Filtered;
      continue;
    }
    auto [It, New] = SlotOrdinal.try_emplace(slotKey(R), uint32_t(Slots.size()));
    if (New) {
      Slots.push_back(slotKey(R));
      Counts.push_back(0);
    }
    RecordSlot[I] = It->second;
    ++Counts[It->second];
  }
  std::vector<uint32_t> Start(Slots.size() + 1, 0);
  for (size_t S = 0; S < Slots.size(); ++S)
    Start[S + 1] = Start[S] + Counts[S];
  std::vector<uint32_t> Stream(Start.back());
  {
    std::vector<uint32_t> Fill(Start.begin(), Start.end() - 1);
    for (size_t I = 0; I < Records.size(); ++I)
      if (RecordSlot[I] != UINT32_MAX)
        Stream[Fill[RecordSlot[I]]++] = uint32_t(I);
  }
  std::vector<uint32_t>().swap(RecordSlot);
  Result.Slots = Slots.size();

  // The map a record is decoded with: its dispatch's code object, if known.
  auto MapFor = [&](SlotKey Slot, int64_t Time) -> const MarkerMap & {
    const WaveSpan *Span = Occ.findSpan(Slot, Time);
    if (!Span)
      return Resolver.merged();
    std::optional<uint64_t> CO = Resolver.codeObjectOfKernel(Occ.dispatchName(Span->Dispatch));
    const MarkerMap *Map = CO ? Resolver.forCodeObject(*CO) : nullptr;
    return Map ? *Map : Resolver.merged();
  };

  // Preprocess each slot: payload skip, address blocks; keep headers.
  std::vector<uint32_t> Headers;
  std::vector<uint32_t> HeaderStart(Slots.size() + 1, 0);
  for (size_t S = 0; S < Slots.size(); ++S) {
    SlotKey Slot = Slots[S];
    size_t End = Start[S + 1];
    for (size_t I = Start[S]; I < End;) {
      const Record &R = Records[Stream[I]];
      const MarkerMap &Map = MapFor(Slot, R.Time);
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
        auto Word = [&](size_t K) -> uint64_t { return Records[Stream[I + 1 + K]].Value; };
        AddressTrace T;
        T.Kind = Kind;
        T.MarkerID = D.ID;
        T.Time = R.Time;
        T.SE = R.SE, T.CU = R.CU, T.SIMD = R.SIMD, T.Wave = R.Wave;
        T.Exec = Word(0) | (Word(1) << 32);
        T.SourceLoc = D.Info->SourceLoc;
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
          Result.Addresses.push_back(std::move(T));
        I += 1 + Fixed + size_t(W) * PerLane;
        continue;
      }
      Headers.push_back(Stream[I]);
      uint32_t Extra = D.Info ? D.Info->ExtraPayload : 0;
      if (Extra > End - I - 1) {
        ++Loss.TruncatedPayloads;
        Loss.PayloadRecords += End - I - 1;
        I = End;
        continue;
      }
      Loss.PayloadRecords += Extra;
      I += 1 + Extra;
    }
    HeaderStart[S + 1] = uint32_t(Headers.size());
  }
  std::vector<uint32_t>().swap(Stream);
  Loss.Headers = Headers.size();

  // Wave instances: contiguous runs of a slot's headers.
  std::vector<Group> Groups;
  for (size_t S = 0; S < Slots.size(); ++S) {
    for (uint32_t I = HeaderStart[S]; I < HeaderStart[S + 1];) {
      uint32_t Inst = Occ.instanceAt(Slots[S], Records[Headers[I]].Time);
      uint32_t J = I + 1;
      while (J < HeaderStart[S + 1] && Occ.instanceAt(Slots[S], Records[Headers[J]].Time) == Inst)
        ++J;
      Groups.push_back({Slots[S], Inst, I, J, S});
      I = J;
    }
  }
  // Waves in first-appearance order over the time-sorted headers.
  std::stable_sort(Groups.begin(), Groups.end(), [&](const Group &A, const Group &B) {
    return Headers[A.Begin] < Headers[B.Begin];
  });
  Result.Waves = Groups.size();

  std::map<std::pair<int64_t, uint64_t>, ThreadInfo> Threads;
  std::set<std::string> UnknownKernels;
  for (const Group &G : Groups) {
    uint64_t Tid = threadID(G.Slot, G.Instance);
    std::optional<int64_t> Cur;
    const MarkerMap *Map = &Resolver.merged();
    uint32_t Prefix = FoldedProfile::Root, Node = Prefix;
    std::optional<int64_t> LastTime;
    std::vector<uint32_t> Open; // Perfetto scope stack (names)
    int64_t Pid = 0;
    auto Flush = [&](int64_t Now) {
      if (LastTime && Node != Prefix && Now > *LastTime)
        Profile.attribute(Node, uint64_t(Now - *LastTime));
    };
    auto Emit = [&](ChromeEvent::Phase Ph, int64_t T, uint32_t Name, MarkerType Cat) {
      if (!Options.Events)
        return;
      Result.Events.push_back({Ph, Cat, T, Pid, Tid, Name});
      Threads.try_emplace({Pid, Tid}, ThreadInfo{Pid, Tid, G.Slot, G.Instance});
    };
    int64_t LastRecordTime = 0;
    for (uint32_t H = G.Begin; H < G.End; ++H) {
      const Record &R = Records[Headers[H]];
      LastRecordTime = R.Time;
      const WaveSpan *Span = Occ.findSpan(G.Slot, R.Time);
      std::optional<int64_t> D;
      if (Span)
        D = Span->Dispatch;
      else
        ++Loss.OutsideAnyWave;
      if (D != Cur) {
        Flush(R.Time);
        if (Cur)
          ++Loss.DispatchChanges;
        for (size_t K = 0; K < Open.size(); ++K)
          Emit(ChromeEvent::End, R.Time, 0, MarkerType::Function);
        Open.clear();
        Cur = D;
        Pid = D.value_or(0);
        LastTime.reset();
        Prefix = FoldedProfile::Root;
        Map = &Resolver.merged();
        std::string Name = D ? Occ.dispatchName(*D) : std::string();
        if (!Name.empty() && Name.rfind("0 /", 0) != 0) {
          if (std::optional<uint64_t> CO = Resolver.codeObjectOfKernel(Name)) {
            Prefix = Profile.child(Prefix, Names.intern("code_object_" + std::to_string(*CO)));
            if (const MarkerMap *M = Resolver.forCodeObject(*CO))
              Map = M;
          } else {
            UnknownKernels.insert(Name);
          }
          Prefix = Profile.child(Prefix, Names.intern(Resolver.display(Name)));
        }
        Node = Prefix;
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
        Emit(ChromeEvent::Instant, R.Time, Name, MarkerType::Point);
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
          Open.pop_back();
          Emit(ChromeEvent::End, R.Time, 0, MarkerType::Function);
        } else {
          ++Loss.UnmatchedExits;
        }
      }
      if (M.Enter) {
        Node = Profile.child(Node, Name);
        Open.push_back(Name);
        Emit(ChromeEvent::Begin, R.Time, Name, Type);
      }
    }
    if (!Open.empty()) {
      Loss.OpenAtWaveEnd += Open.size();
      for (size_t K = 0; K < Open.size(); ++K)
        Emit(ChromeEvent::End, LastRecordTime + 1, 0, MarkerType::Function);
    }
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
