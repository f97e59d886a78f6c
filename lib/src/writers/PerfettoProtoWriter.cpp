// PerfettoProtoWriter.cpp - one trace directory as a native Perfetto trace.
//
// The file is a Trace message: a sequence of TracePackets (field numbers in
// FORMATS §11, checked against Perfetto's protos/perfetto/trace). Tracks
// nest through parent_uuid: the trace directory (GPU) -> dispatch -> SE ->
// CU -> SIMD -> wave instance, with explicit sibling order; each dispatch
// also has counter tracks for its waves in flight and for each data marker's
// values. Slices are SLICE_BEGIN/SLICE_END pairs, points INSTANTs, with the
// same arguments as the Chrome JSON as debug annotations. Event names,
// categories, argument names and string values are interned on the one
// packet sequence. Timestamps are nanoseconds (D16). Waves are read back
// from the event store one at a time, like the JSON writer.
#include "sqtt/writers/Protobuf.h"
#include "sqtt/writers/Timeline.h"
#include "sqtt/writers/TraceWriters.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <tuple>
#include <unordered_map>

namespace sqtt {

namespace {

using namespace proto;

// Field numbers (proto2, perfetto.protos), one namespace per message.
namespace TraceF { constexpr uint32_t Packet = 1; }
namespace PacketF {
constexpr uint32_t Timestamp = 8, SequenceId = 10, TrackEvent = 11, InternedData = 12,
                   SequenceFlags = 13, TrackDescriptor = 60;
constexpr uint64_t IncrementalStateCleared = 1, NeedsIncrementalState = 2;
} // namespace PacketF
namespace TrackF {
constexpr uint32_t Uuid = 1, Name = 2, ParentUuid = 5, Counter = 8, ChildOrdering = 11,
                   SiblingOrderRank = 12;
constexpr uint64_t Explicit = 3; // ChildTracksOrdering
} // namespace TrackF
namespace EventF {
constexpr uint32_t CategoryIids = 3, DebugAnnotations = 4, Type = 9, NameIid = 10, TrackUuid = 11,
                   CounterValue = 30;
constexpr uint64_t SliceBegin = 1, SliceEnd = 2, Instant = 3, Counter = 4;
} // namespace EventF
namespace InternedF {
constexpr uint32_t Categories = 1, EventNames = 2, AnnotationNames = 3, AnnotationStrings = 29;
constexpr uint32_t Iid = 1, Name = 2; // in each entry
} // namespace InternedF
namespace AnnotationF { constexpr uint32_t NameIid = 1, IntValue = 4, StringIid = 17; }

constexpr uint64_t SequenceId = 1;

class PerfettoWriter {
public:
  PerfettoWriter(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                 const TimelineClock &Clock)
      : OS(OS), Dir(Dir), Names(Names), Clock(Clock), Layout(Dir), ArgsOf(Names) {}

  void write() {
    // The first packet clears the sequence's incremental state (interning).
    putUInt(Packet, PacketF::SequenceId, SequenceId);
    putUInt(Packet, PacketF::SequenceFlags, PacketF::IncrementalStateCleared);
    flush();
    std::string Root = std::filesystem::path(Dir.Dir).filename().string() + " (GPU";
    Root += Clock.GHz > 0 ? ")" : "; SQTT cycles shown as ns)";
    RootUuid = track(Root, 0, 0);
    tracks();
    for (const TimelineProcess &P : Layout.Processes)
      wavesInFlight(P);
    for (const WaveEvents &W : Dir.Waves)
      wave(W);
    OS << Out;
  }

private:
  /// Emits a TrackDescriptor; returns its uuid.
  uint64_t track(const std::string &Name, uint64_t Parent, int64_t Rank, bool Counter = false) {
    uint64_t Uuid = NextUuid++;
    std::string D;
    putUInt(D, TrackF::Uuid, Uuid);
    putBytes(D, TrackF::Name, Name);
    if (Parent) {
      putUInt(D, TrackF::ParentUuid, Parent);
      putInt(D, TrackF::SiblingOrderRank, Rank);
    }
    if (Counter)
      putBytes(D, TrackF::Counter, "");
    else
      putUInt(D, TrackF::ChildOrdering, TrackF::Explicit);
    putBytes(Packet, PacketF::TrackDescriptor, D);
    flush();
    return Uuid;
  }

  /// The dispatch/SE/CU/SIMD/wave tracks, in the layout's order.
  void tracks() {
    for (const TimelineProcess &P : Layout.Processes)
      DispatchUuid.push_back(track(P.Name, RootUuid, P.Pid));
    // (process, SE, CU, SIMD) -> group track; unused coordinates are ~0.
    std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>, uint64_t> Groups;
    static const char *Prefix[3] = {"SE", "CU", "SIMD"};
    for (const TimelineThread &T : Layout.Threads) {
      const uint32_t Coord[3] = {slotSE(T.Info.Slot), slotCU(T.Info.Slot), slotSIMD(T.Info.Slot)};
      uint64_t Parent = DispatchUuid[T.Process];
      for (int Level = 0; Level < 3; ++Level) {
        auto Key = std::make_tuple(T.Process, Coord[0], Level > 0 ? Coord[1] : ~0u,
                                   Level > 1 ? Coord[2] : ~0u);
        auto [It, New] = Groups.try_emplace(Key, 0);
        if (New) // The dispatch's counters come before its first SE.
          It->second = track(Prefix[Level] + std::to_string(Coord[Level]), Parent,
                             int64_t(Coord[Level]) + (Level == 0));
        Parent = It->second;
      }
      WaveUuid.push_back(track(T.Name, Parent, T.Tid));
    }
  }

  void wavesInFlight(const TimelineProcess &P) {
    auto It = Dir.WavesInFlight.find(P.Dispatch);
    if (It == Dir.WavesInFlight.end() || P.Dispatch == 0)
      return;
    uint64_t Uuid = track("waves in flight", DispatchUuid[P.Pid - 1], 0, true);
    for (auto [Time, Count] : It->second)
      counter(Uuid, Time, Count);
  }

  void counter(uint64_t Uuid, int64_t Time, int64_t Value) {
    putUInt(EventBuf, EventF::Type, EventF::Counter);
    putUInt(EventBuf, EventF::TrackUuid, Uuid);
    putInt(EventBuf, EventF::CounterValue, Value);
    event(Time);
  }

  /// Emits the packet of the event in EventBuf at \p Time (cycles); one
  /// that refers to interned data says so (slice ends and counters do not).
  void event(int64_t Time, bool Interning = false) {
    putUInt(Packet, PacketF::Timestamp, uint64_t(Clock.ns(Time)));
    putUInt(Packet, PacketF::SequenceId, SequenceId);
    if (Interning)
      putUInt(Packet, PacketF::SequenceFlags, PacketF::NeedsIncrementalState);
    putBytes(Packet, PacketF::TrackEvent, EventBuf);
    EventBuf.clear();
    if (!InternedBuf.empty()) {
      putBytes(Packet, PacketF::InternedData, InternedBuf);
      InternedBuf.clear();
    }
    flush();
  }

  /// The iid of \p S in table \p Table, adding it to this packet's
  /// InternedData the first time. \p S is looked up by its address first:
  /// every string interned here lives as long as the writer (names, argument
  /// keys, kernels), and hashing an address is cheaper than the text.
  uint64_t intern(uint32_t Table, const char *S) {
    // A direct-mapped cache by address in front: about a dozen strings per
    // event, and a hash map lookup each cost as much as the rest of the event.
    Cached &C = Recent[Table][(uintptr_t(S) >> 3) % RecentSlots];
    if (C.Key == S)
      return C.Iid;
    C.Key = S;
    C.Iid = internSlow(Table, S);
    return C.Iid;
  }

  uint64_t internSlow(uint32_t Table, const char *S) {
    auto [Fast, NewAddress] = ByAddress[Table].try_emplace(S, 0);
    if (!NewAddress)
      return Fast->second;
    auto &Ids = Iids[Table];
    auto [It, New] = Ids.try_emplace(S, Ids.size() + 1);
    if (New) {
      Entry.clear();
      putUInt(Entry, InternedF::Iid, It->second);
      putBytes(Entry, InternedF::Name, S);
      putBytes(InternedBuf, Table, Entry);
    }
    return Fast->second = It->second;
  }

  void wave(const WaveEvents &W) {
    Dir.Events.read(W.Begin, W.End, Events);
    timelineItems(Events, Items);
    struct Open {
      int64_t End;
      uint64_t Uuid;
    };
    std::vector<Open> Stack;
    auto CloseUntil = [&](int64_t Time) {
      while (!Stack.empty() && Stack.back().End <= Time) {
        putUInt(EventBuf, EventF::Type, EventF::SliceEnd);
        putUInt(EventBuf, EventF::TrackUuid, Stack.back().Uuid);
        event(Stack.back().End);
        Stack.pop_back();
      }
    };
    static const char *Categories[] = {"sqtt.function", "sqtt.user", "sqtt.point"};
    for (const TimelineItem &Item : Items) {
      const ChromeEvent &E = Events[Item.Head];
      const TimelineThread &Thread = Layout.thread(E.Pid, W.Tid);
      const TimelineProcess &Process = Layout.Processes[Thread.Process];
      uint64_t Uuid = WaveUuid[Thread.Tid - 1];
      CloseUntil(Item.Begin);
      putUInt(EventBuf, EventF::Type, Item.Slice ? EventF::SliceBegin : EventF::Instant);
      putUInt(EventBuf, EventF::TrackUuid, Uuid);
      uint64_t NameIid = intern(InternedF::EventNames, Names.str(E.Name).c_str());
      putUInt(EventBuf, EventF::NameIid, NameIid);
      putUInt(EventBuf, EventF::CategoryIids,
              intern(InternedF::Categories, Categories[int(E.Category)]));
      for (const TimelineArg &A : ArgsOf.of(Item, Events, Process, Thread)) {
        uint64_t Key = intern(InternedF::AnnotationNames, A.Key);
        uint64_t Str = A.Str ? intern(InternedF::AnnotationStrings, A.Str->c_str()) : 0;
        Scratch.clear();
        putUInt(Scratch, AnnotationF::NameIid, Key);
        if (A.Str)
          putUInt(Scratch, AnnotationF::StringIid, Str);
        else
          putInt(Scratch, AnnotationF::IntValue, A.Int);
        putBytes(EventBuf, EventF::DebugAnnotations, Scratch);
      }
      event(Item.Begin, true);
      if (Item.Slice)
        Stack.push_back({Item.End, Uuid});
      for (uint32_t I = 0; I < Item.Payload; ++I) {
        std::string Name = Names.str(E.Name) + " " + ArgsOf.valueKey(I, Item.Payload);
        auto [It, New] = DataCounters.try_emplace({Thread.Process, Name}, 0);
        if (New)
          It->second = track(Name, DispatchUuid[Thread.Process], 0, true);
        counter(It->second, Item.Begin, Events[Item.Head + 1 + I].Name);
      }
    }
    CloseUntil(INT64_MAX);
  }

  void flush() {
    putBytes(Out, TraceF::Packet, Packet);
    Packet.clear();
    if (Out.size() > (1 << 20)) {
      OS << Out;
      Out.clear();
    }
  }

  std::ostream &OS;
  const DirResult &Dir;
  const NameTable &Names;
  const TimelineClock &Clock;
  TimelineLayout Layout;
  TimelineArgs ArgsOf;
  std::string Out, Packet, EventBuf, InternedBuf, Scratch, Entry;
  std::unordered_map<std::string, uint64_t> Iids[30];         // by table
  std::unordered_map<const char *, uint64_t> ByAddress[30];   // by table
  struct Cached {
    const char *Key = nullptr;
    uint64_t Iid = 0;
  };
  static constexpr size_t RecentSlots = 256;
  std::vector<std::array<Cached, RecentSlots>> Recent = std::vector<std::array<Cached, RecentSlots>>(30);
  uint64_t NextUuid = 1, RootUuid = 0;
  std::vector<uint64_t> DispatchUuid, WaveUuid; // by pid - 1, tid - 1
  std::map<std::pair<uint32_t, std::string>, uint64_t> DataCounters;
  std::vector<ChromeEvent> Events;
  std::vector<TimelineItem> Items;
};

} // namespace

void writePerfettoTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                        const TimelineClock &Clock) {
  PerfettoWriter(OS, Dir, Names, Clock).write();
}

} // namespace sqtt
