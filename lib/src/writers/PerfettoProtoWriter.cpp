// PerfettoProtoWriter.cpp - one trace directory as a native Perfetto trace.
//
// The file is a Trace message: a sequence of TracePackets (field numbers in
// FORMATS §11, checked against Perfetto's protos/perfetto/trace). Tracks
// nest through parent_uuid: the trace directory (GPU) -> dispatch -> SE ->
// CU -> SIMD -> wave instance, with explicit sibling order; each dispatch
// also has counter tracks for its waves in flight and for each data marker's
// values. Slices are SLICE_BEGIN/SLICE_END pairs, points INSTANTs, with the
// marker's arguments and payload as debug annotations (the wave's are its
// track's). Timestamps are
// nanoseconds (D16). Waves are read back from the event store one at a time,
// like the JSON writer.
//
// Everything is on one packet sequence. Each wave track's events start by
// clearing the sequence's incremental state: that packet's
// TracePacketDefaults name the track (its events then omit track_uuid) and
// its interned data holds the wave's own argument strings. Event names,
// categories, argument names and string values are interned with iids that
// are the same in every wave (only the entries are repeated), so a marker's
// encoded name, category and arguments are built once and copied into each
// event.
#include "sqtt/writers/Protobuf.h"
#include "sqtt/writers/Timeline.h"
#include "sqtt/writers/TraceWriters.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>

namespace sqtt {

namespace {

using namespace proto;

// Field numbers (proto2, perfetto.protos), one namespace per message.
namespace TraceF { constexpr uint32_t Packet = 1; }
namespace PacketF {
constexpr uint32_t Timestamp = 8, SequenceId = 10, TrackEvent = 11, InternedData = 12,
                   SequenceFlags = 13, Defaults = 59, TrackDescriptor = 60;
constexpr uint64_t IncrementalStateCleared = 1, NeedsIncrementalState = 2;
} // namespace PacketF
// TracePacketDefaults.track_event_defaults, TrackEventDefaults.track_uuid.
// TracePacketDefaults.timestamp_clock_id: every time is on Perfetto's builtin
// BOOTTIME clock, the one rocpd's pftrace uses (ROCPD.md §4).
namespace DefaultsF {
constexpr uint32_t TrackEventDefaults = 11, TrackUuid = 11, TimestampClockId = 58;
constexpr uint64_t BootTime = 6;
} // namespace DefaultsF
namespace TrackF {
constexpr uint32_t Uuid = 1, Name = 2, ParentUuid = 5, Counter = 8, ChildOrdering = 11,
                   SiblingOrderRank = 12;
constexpr uint64_t Explicit = 3; // ChildTracksOrdering
} // namespace TrackF
namespace EventF {
constexpr uint32_t CategoryIids = 3, DebugAnnotations = 4, Type = 9, NameIid = 10, TrackUuid = 11, Name = 23,
                   CounterValue = 30;
constexpr uint64_t SliceBegin = 1, SliceEnd = 2, Instant = 3, Counter = 4;
} // namespace EventF
namespace InternedF {
constexpr uint32_t Categories = 1, EventNames = 2, AnnotationNames = 3, AnnotationStrings = 29;
constexpr uint32_t Iid = 1, Name = 2; // in each entry
} // namespace InternedF
namespace AnnotationF { constexpr uint32_t NameIid = 1, IntValue = 4, StringIid = 17; }


/// The size of a length-delimited field of \p Size bytes.
size_t fieldSize(uint32_t Field, size_t Size) {
  return varintSize(uint64_t(Field) << 3) + varintSize(Size) + Size;
}

/// One InternedData table. An iid names the same string on every wave's
/// sequence; each sequence generation gets the entry the first time it
/// uses it.
struct InternTable {
  uint32_t Field;
  std::unordered_map<const char *, uint32_t> ByAddress; // every string outlives the writer
  std::unordered_map<std::string, uint32_t> ByText;
  std::vector<std::string> Entries;   // by iid - 1: the entry as an InternedData field
  std::vector<uint32_t> Generations;  // by iid - 1: the last generation given the entry
};

/// Strings one encoded block refers to: (table, iid).
using Uses = std::vector<std::pair<uint8_t, uint32_t>>;

class PerfettoWriter {
public:
  /// \p Sequence numbers this directory's packets (each directory of a
  /// merged file has its own sequence, interning and track uuids); \p Label
  /// names the directory on its root track.
  PerfettoWriter(std::ostream &OS, const DirResult &Dir, std::string Label, const NameTable &Names,
                 const TimelineClock &Clock, uint32_t Sequence = 1, const std::vector<HostSlice> &Host = {})
      : OS(OS), Dir(Dir), Label(std::move(Label)), Names(Names), Clock(Clock), Host(Host), Layout(Dir), ArgsOf(Names),
        SequenceId(Sequence), NextUuid(Sequence == 1 ? 1 : uint64_t(Sequence) << 40 | 1), Buf(Capacity) {
    Tables[Categories].Field = InternedF::Categories;
    Tables[EventNames].Field = InternedF::EventNames;
    Tables[AnnotationNames].Field = InternedF::AnnotationNames;
    Tables[AnnotationStrings].Field = InternedF::AnnotationStrings;
    // The argument names and kinds first, in argument order: their iids are
    // then the same in every trace (the others follow first use).
    for (const char *Key : {"marker_id", "kind", "source", "value"})
      iid(AnnotationNames, Key);
    for (const char *Kind : {"function", "user", "point", "data", "unknown"})
      iid(AnnotationStrings, Kind);
  }

  void write() {
    // The first packet clears the sequence's incremental state.
    std::string P;
    putUInt(P, PacketF::SequenceId, SequenceId);
    putUInt(P, PacketF::SequenceFlags, PacketF::IncrementalStateCleared);
    std::string Defaults;
    putUInt(Defaults, DefaultsF::TimestampClockId, DefaultsF::BootTime);
    putBytes(P, PacketF::Defaults, Defaults);
    packet(P);
    std::string Root = Label + " (GPU";
    Root += Clock.GHz > 0 ? ")" : "; SQTT cycles shown as ns)";
    RootUuid = track(Root, 0, 0);
    tracks();
    for (const TimelineProcess &P : Layout.Processes)
      wavesInFlight(P);
    for (const WaveEvents &W : Dir.Waves)
      wave(W);
    hostTracks();
    flushOut();
  }

  /// The host's slices (--host): a root track of their own, a child per
  /// track name; times are BOOTTIME ns as they are, names not interned.
  void hostTracks() {
    if (Host.empty())
      return;
    uint64_t Root = track("host (rocprofv3's database, CLOCK_BOOTTIME)", 0, 0);
    std::map<std::string, uint64_t> Tracks;
    for (const HostSlice &S : Host)
      if (!Tracks.count(S.Track))
        Tracks[S.Track] = track(S.Track, Root, int64_t(Tracks.size()));
    auto Emit = [&](int64_t Ns, uint64_t Uuid, uint64_t Type, const std::string *Name) {
      std::string E, P;
      putUInt(E, EventF::Type, Type);
      putUInt(E, EventF::TrackUuid, Uuid);
      if (Name)
        putBytes(E, EventF::Name, *Name);
      putUInt(P, PacketF::Timestamp, uint64_t(Ns));
      putUInt(P, PacketF::SequenceId, SequenceId);
      putBytes(P, PacketF::TrackEvent, E);
      packet(P);
    };
    for (const HostSlice &S : Host) {
      Emit(S.Start, Tracks[S.Track], EventF::SliceBegin, &S.Name);
      Emit(S.End, Tracks[S.Track], EventF::SliceEnd, nullptr);
    }
  }

private:
  enum Table : uint8_t { Categories, EventNames, AnnotationNames, AnnotationStrings, TableCount };

  // --- output: whole packets in a buffer, written a few megabytes at a time

  char *room(size_t N) {
    if (Len + N > Buf.size()) {
      flushOut();
      if (N > Buf.size())
        Buf.resize(N);
    }
    return Buf.data() + Len;
  }
  void done(char *End) { Len = size_t(End - Buf.data()); }
  void flushOut() {
    OS.write(Buf.data(), std::streamsize(Len));
    Len = 0;
  }
  void packet(std::string_view Body) {
    done(encodeBytes(room(Body.size() + 20), TraceF::Packet, Body));
  }

  /// Emits a TrackDescriptor; returns its uuid.
  uint64_t track(const std::string &Name, uint64_t Parent, int64_t Rank, bool Counter = false) {
    uint64_t Uuid = NextUuid++;
    std::string D, P;
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
    putBytes(P, PacketF::TrackDescriptor, D);
    packet(P);
    return Uuid;
  }

  /// The dispatch/SE/CU/SIMD/wave tracks, in the layout's order.
  void tracks() {
    // A wave's arguments are its track's (named after the wave, under its
    // SE, CU and SIMD) and its dispatch's, whose name says the code object:
    // an event carries only its name, time and payload.
    for (const TimelineProcess &P : Layout.Processes)
      DispatchUuid.push_back(track(P.CodeObject ? P.Name + " (code object " + std::to_string(*P.CodeObject) + ")"
                                                : P.Name,
                                   RootUuid, P.Pid));
    // (process, SE, CU, SIMD) -> group track; unused coordinates are ~0.
    std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>, uint64_t> Groups;
    static const char *Prefix[3] = {"SE", "CU", "SIMD"};
    for (const TimelineThread &T : Layout.Threads) {
      const uint32_t Coord[3] = {slotSE(T.Wave.Slot), slotCU(T.Wave.Slot), slotSIMD(T.Wave.Slot)};
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
    // Each SE's, when the dispatch ran on several.
    for (auto SE = Dir.WavesInFlightPerSE.lower_bound({P.Dispatch, 0});
         SE != Dir.WavesInFlightPerSE.end() && SE->first.first == P.Dispatch; ++SE) {
      uint64_t Of = track("SE" + std::to_string(SE->first.second) + " waves in flight", DispatchUuid[P.Pid - 1], 0, true);
      for (auto [Time, Count] : SE->second)
        counter(Of, Time, Count);
    }
  }

  void counter(uint64_t Uuid, int64_t Time, int64_t Value) {
    char Ev[40], *E = Ev;
    E = encodeUInt(E, EventF::Type, EventF::Counter);
    E = encodeUInt(E, EventF::TrackUuid, Uuid);
    E = encodeInt(E, EventF::CounterValue, Value);
    event(Time, {Ev, size_t(E - Ev)}, false);
  }

  /// Emits the packet of TrackEvent \p Event at \p Time (cycles) with the
  /// interned data gathered for it; one that refers to interned data says so
  /// (slice ends and counters do not).
  void event(int64_t Time, std::string_view Event, bool Interning) {
    char Head[32], *H = Head;
    H = encodeUInt(H, PacketF::Timestamp, uint64_t(Clock.ns(Time)));
    H = encodeUInt(H, PacketF::SequenceId, SequenceId);
    if (Interning)
      H = encodeUInt(H, PacketF::SequenceFlags, PacketF::NeedsIncrementalState);
    size_t Size = size_t(H - Head) + fieldSize(PacketF::TrackEvent, Event.size()) +
                  (InternedBuf.empty() ? 0 : fieldSize(PacketF::InternedData, InternedBuf.size()));
    char *P = encodeLength(room(Size + 20), TraceF::Packet, Size);
    std::memcpy(P, Head, size_t(H - Head));
    P = encodeBytes(P + (H - Head), PacketF::TrackEvent, Event);
    if (!InternedBuf.empty()) {
      P = encodeBytes(P, PacketF::InternedData, InternedBuf);
      InternedBuf.clear();
    }
    done(P);
  }

  // --- interning

  /// The iid of \p S in \p T. \p S is looked up by its address first: every
  /// string interned here lives as long as the writer (names, argument keys,
  /// kernels), and hashing an address is cheaper than the text.
  uint32_t iid(Table T, const char *S) {
    // A direct-mapped cache by address in front of the hash maps.
    Cached &C = Recent[T][(uintptr_t(S) >> 3) % RecentSlots];
    if (C.Key == S)
      return C.Iid;
    C.Key = S;
    return C.Iid = iidSlow(Tables[T], S);
  }

  uint32_t iidSlow(InternTable &T, const char *S) {
    auto [Fast, NewAddress] = T.ByAddress.try_emplace(S, 0);
    if (!NewAddress)
      return Fast->second;
    auto [It, New] = T.ByText.try_emplace(S, uint32_t(T.Entries.size() + 1));
    if (New) {
      std::string Entry, Field;
      putUInt(Entry, InternedF::Iid, It->second);
      putBytes(Entry, InternedF::Name, S);
      putBytes(Field, T.Field, Entry);
      T.Entries.push_back(std::move(Field));
      T.Generations.push_back(0);
    }
    return Fast->second = It->second;
  }

  /// Gives the current sequence generation the entry of \p Iid, once.
  void use(uint8_t T, uint32_t Iid) {
    InternTable &Tab = Tables[T];
    if (Tab.Generations[Iid - 1] == Generation)
      return;
    Tab.Generations[Iid - 1] = Generation;
    InternedBuf += Tab.Entries[Iid - 1];
  }

  /// Encodes \p A as a debug annotation at \p At, noting the strings it
  /// refers to in \p Used (or using them now when it is null).
  char *annotation(char *At, const TimelineArg &A, Uses *Used) {
    uint32_t Key = iid(AnnotationNames, A.Key);
    uint32_t Str = A.Str ? iid(AnnotationStrings, A.Str->c_str()) : 0;
    if (Used) {
      Used->push_back({AnnotationNames, Key});
      if (A.Str)
        Used->push_back({AnnotationStrings, Str});
    } else {
      use(AnnotationNames, Key);
      if (A.Str)
        use(AnnotationStrings, Str);
    }
    // The annotation is under 128 bytes: a one-byte tag and length.
    static_assert((EventF::DebugAnnotations << 3 | LengthDelimited) < 0x80, "a one-byte tag");
    char *Inner = At + 2;
    char *End = encodeUInt(Inner, AnnotationF::NameIid, Key);
    End = A.Str ? encodeUInt(End, AnnotationF::StringIid, Str) : encodeInt(End, AnnotationF::IntValue, A.Int);
    At[0] = char(EventF::DebugAnnotations << 3 | LengthDelimited);
    At[1] = char(End - Inner);
    return End;
  }
  static constexpr size_t MaxAnnotation = 2 + 2 * 20;

  // --- a marker's name, category and arguments, encoded once

  struct MarkerBlock {
    std::string Bytes;
    Uses Used;
    uint32_t Generation = 0; // the last generation given its strings
  };

  MarkerBlock &markerBlock(const TimelineEvent &E, bool HasPayload) {
    TimelineMarkerKey Key(E, HasPayload);
    CachedBlock &C = RecentBlocks[Key.hash() % RecentSlots];
    if (C.Block && C.Key == Key)
      return *C.Block;
    auto [It, New] = Blocks.try_emplace(Key);
    MarkerBlock &B = It->second;
    if (New) {
      static const char *Category[] = {"sqtt.function", "sqtt.user", "sqtt.point", "sqtt.instruction"};
      uint32_t Name = iid(EventNames, Names.str(E.Name).c_str());
      uint32_t Cat = iid(Categories, Category[int(E.Category)]);
      B.Used = {{EventNames, Name}, {Categories, Cat}};
      Args.clear();
      ArgsOf.markerArgs(E, HasPayload, Args);
      std::string Bytes(40 + Args.size() * MaxAnnotation, '\0');
      char *At = encodeUInt(Bytes.data(), EventF::NameIid, Name);
      At = encodeUInt(At, EventF::CategoryIids, Cat);
      for (const TimelineArg &A : Args)
        At = annotation(At, A, &B.Used);
      Bytes.resize(size_t(At - Bytes.data()));
      B.Bytes = std::move(Bytes);
    }
    C = {Key, &B};
    return B;
  }

  // --- waves

  /// Clears the sequence's incremental state for the events of track
  /// \p Uuid, which becomes the default.
  void startWave(uint64_t Uuid) {
    ++Generation;
    std::string Defaults, TrackDefaults, Packet;
    putUInt(TrackDefaults, DefaultsF::TrackUuid, Uuid);
    putBytes(Defaults, DefaultsF::TrackEventDefaults, TrackDefaults);
    putUInt(Defaults, DefaultsF::TimestampClockId, DefaultsF::BootTime);
    putUInt(Packet, PacketF::SequenceId, SequenceId);
    putUInt(Packet, PacketF::SequenceFlags, PacketF::IncrementalStateCleared);
    putBytes(Packet, PacketF::Defaults, Defaults);
    if (!InternedBuf.empty())
      putBytes(Packet, PacketF::InternedData, InternedBuf);
    InternedBuf.clear();
    packet(Packet);
    CurrentUuid = Uuid;
  }

  void wave(const WaveEvents &W) {
    Dir.Events.read({W.Begin, W.End}, Events);
    timelineItems(Events, Items);
    struct Open {
      int64_t End;
      uint64_t Uuid;
    };
    std::vector<Open> Stack;
    auto CloseUntil = [&](int64_t Time) {
      while (!Stack.empty() && Stack.back().End <= Time) {
        char Ev[24], *E = Ev;
        E = encodeUInt(E, EventF::Type, EventF::SliceEnd);
        if (Stack.back().Uuid != CurrentUuid) // a slice of the wave's previous dispatch
          E = encodeUInt(E, EventF::TrackUuid, Stack.back().Uuid);
        event(Stack.back().End, {Ev, size_t(E - Ev)}, false);
        Stack.pop_back();
      }
    };
    const TimelineThread *Thread = nullptr;
    uint64_t Uuid = 0;
    for (const TimelineItem &Item : Items) {
      const TimelineEvent &E = Events[Item.Head];
      if (!Thread || Thread->Dispatch != E.Dispatch) {
        Thread = &Layout.thread(E.Dispatch, W.Wave);
        Uuid = WaveUuid[Thread->Tid - 1];
      }
      CloseUntil(Item.Begin);
      if (Uuid != CurrentUuid)
        startWave(Uuid);
      MarkerBlock &M = markerBlock(E, Item.Payload != 0);
      if (M.Generation != Generation) {
        M.Generation = Generation;
        for (auto [T, Iid] : M.Used)
          use(T, Iid);
      }
      size_t Bound = 4 + M.Bytes.size() + (2 + Item.Payload) * MaxAnnotation;
      if (EventBuf.size() < Bound)
        EventBuf.resize(Bound);
      char *At = encodeUInt(EventBuf.data(), EventF::Type, Item.Slice ? EventF::SliceBegin : EventF::Instant);
      std::memcpy(At, M.Bytes.data(), M.Bytes.size());
      At += M.Bytes.size();
      Args.clear();
      ArgsOf.eventArgs(Item, Events, Args);
      for (const TimelineArg &A : Args)
        At = annotation(At, A, nullptr);
      event(Item.Begin, {EventBuf.data(), size_t(At - EventBuf.data())}, true);
      if (Item.Slice)
        Stack.push_back({Item.End, Uuid});
      for (uint32_t I = 0; E.Category == EventCategory::Point && I < Item.Payload; ++I)
        counter(dataCounter(Thread->Process, E.Name, I, Item.Payload), Item.Begin,
                Events[Item.Head + 1 + I].Name);
    }
    CloseUntil(INT64_MAX);
  }

  /// The counter track of payload word \p I of \p Count of marker \p Name in
  /// dispatch \p Process, named "<marker> <value key>".
  uint64_t dataCounter(uint32_t Process, uint32_t Name, uint32_t I, uint32_t Count) {
    auto [Fast, NewKey] = DataCounterOf.try_emplace(std::make_tuple(Process, Name, I, Count), 0);
    if (!NewKey)
      return Fast->second;
    std::string Key = Names.str(Name) + " " + ArgsOf.valueKey(I, Count);
    auto [It, New] = DataCounters.try_emplace({Process, Key}, 0);
    if (New)
      It->second = track(Key, DispatchUuid[Process], 0, true);
    return Fast->second = It->second;
  }

  std::ostream &OS;
  const DirResult &Dir;
  std::string Label;
  const NameTable &Names;
  const TimelineClock &Clock;
  const std::vector<HostSlice> &Host;
  TimelineLayout Layout;
  TimelineArgs ArgsOf;
  std::vector<TimelineArg> Args;
  const uint64_t SequenceId;
  uint64_t NextUuid;

  static constexpr size_t Capacity = size_t(4) << 20;
  std::vector<char> Buf;
  size_t Len = 0;
  std::string InternedBuf;
  std::vector<char> EventBuf;

  InternTable Tables[TableCount];
  uint32_t Generation = 0; // of the sequence's incremental state, one per wave track run
  struct Cached {
    const char *Key = nullptr;
    uint32_t Iid = 0;
  };
  static constexpr size_t RecentSlots = 256;
  std::array<std::array<Cached, RecentSlots>, TableCount> Recent{};
  std::unordered_map<TimelineMarkerKey, MarkerBlock, TimelineMarkerKey::Hash> Blocks;
  struct CachedBlock {
    TimelineMarkerKey Key;
    MarkerBlock *Block = nullptr;
  };
  std::array<CachedBlock, RecentSlots> RecentBlocks{};

  uint64_t RootUuid = 0, CurrentUuid = 0;
  std::vector<uint64_t> DispatchUuid, WaveUuid; // by pid - 1, tid - 1
  std::map<std::pair<uint32_t, std::string>, uint64_t> DataCounters;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>, uint64_t> DataCounterOf;
  std::vector<TimelineEvent> Events;
  std::vector<TimelineItem> Items;
};

} // namespace

void writePerfettoTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                        const TimelineClock &Clock, const std::vector<HostSlice> &Host) {
  PerfettoWriter(OS, Dir, std::filesystem::path(Dir.Dir).filename().string(), Names, Clock, 1, Host).write();
}

void writeMergedPerfettoTrace(std::ostream &OS, const std::vector<const DirResult *> &Dirs,
                              const std::vector<std::string> &Labels, const NameTable &Names,
                              const std::vector<TimelineClock> &Clocks, const std::vector<HostSlice> &Host) {
  // A protobuf trace is a sequence of packets: the directories' sequences
  // follow one another, each under its own root track.
  for (size_t I = 0; I < Dirs.size(); ++I)
    PerfettoWriter(OS, *Dirs[I], Labels[I], Names, Clocks[I], uint32_t(I + 1),
                   I + 1 == Dirs.size() ? Host : std::vector<HostSlice>{}).write();
}

} // namespace sqtt
