// ChromeTraceWriter.cpp - one trace directory as Chrome trace JSON.
//
// What the viewers' importers accept (FORMATS §11, D8, D16): a process per
// dispatch and a thread per wave instance, numbered densely from 1 (Perfetto
// coerces ids to 32 bits), with sort-index metadata so tracks come in
// SE/CU/SIMD/slot order; ts/dur in microseconds of whole nanoseconds; slices
// as complete "X" events (speedscope cannot close an unnamed "E"; see
// appendDuration for how their ends stay in order there), points as
// thread-scoped instants, each with its marker's arguments (the wave's are
// its thread's, in the thread_name metadata); counters ("C") for
// each dispatch's waves in flight and each data marker's values. Waves are
// read back from the event store one at a time, so memory does not follow
// the trace's size.
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/Timeline.h"
#include "sqtt/writers/TraceWriters.h"

#include <filesystem>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <unordered_map>

namespace sqtt {

namespace {

/// Nanoseconds as exact decimal microseconds ("1234.567", "12", "-0.5").
void appendMicros(std::string &Out, int64_t Ns) {
  uint64_t Abs = Ns < 0 ? 0 - uint64_t(Ns) : uint64_t(Ns);
  if (Ns < 0)
    Out += '-';
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, Abs / 1000);
  Out.append(Buf, size_t(End - Buf));
  if (unsigned Frac = unsigned(Abs % 1000)) {
    char F[4] = {char('0' + Frac / 100), char('0' + Frac / 10 % 10), char('0' + Frac % 10), 0};
    size_t Len = F[2] != '0' ? 3 : F[1] != '0' ? 2 : 1;
    Out += '.';
    Out.append(F, Len);
  }
}

/// A slice's "dur" in microseconds: a hair shorter than its exact whole-ns
/// value, the more the deeper the slice. Perfetto rounds ts and dur to whole
/// ns, so it sees the exact value; speedscope computes the end as ts + dur in
/// floating point, where an exact end can land a rounding error after the
/// next slice's begin or its parent's end and close the wrong slice. The
/// margin is a few rounding errors of the time's magnitude per level (in
/// units of 0.1 ps, the last of the seven decimals written), under 0.5 ns.
void appendDuration(std::string &Out, int64_t BeginNs, int64_t DurNs, uint32_t Depth) {
  if (DurNs <= 0 || DurNs > (int64_t(1) << 48)) {
    appendMicros(Out, DurNs);
    return;
  }
  double EndUs = std::fabs(double(BeginNs + DurNs)) / 1000;
  int64_t Unit = std::max<int64_t>(1, int64_t(std::ceil(2e-15 * EndUs * 1e7)));
  int64_t Margin = std::min<int64_t>(4000, Unit * (int64_t(Depth) + 1));
  int64_t Tenths = DurNs * 10000 - Margin; // of a picosecond
  appendInt(Out, Tenths / 10000000);
  char Frac[8];
  int64_t F = Tenths % 10000000;
  for (int I = 6; I >= 0; --I, F /= 10)
    Frac[I] = char('0' + F % 10);
  size_t Len = 7;
  while (Len && Frac[Len - 1] == '0')
    --Len;
  if (Len) {
    Out += '.';
    Out.append(Frac, Len);
  }
}

/// The JSON as it is built: a megabyte at a time to the stream. Appending
/// pieces of known length to a raw buffer; std::string's append (a call and
/// a strlen per piece) cost more than the formatting.
class JsonOut {
public:
  explicit JsonOut(std::ostream &OS) : OS(OS), Buf(Capacity), At(Buf.data()) {}
  ~JsonOut() { flush(); }
  void put(const char *S, size_t N) {
    if (size_t(Buf.data() + Capacity - At) < N)
      return slowPut(S, N);
    std::memcpy(At, S, N);
    At += N;
  }
  template <size_t N> void lit(const char (&S)[N]) { put(S, N - 1); }
  void str(const std::string &S) { put(S.data(), S.size()); }
  void integer(int64_t V) {
    char Tmp[24];
    auto [End, Ec] = std::to_chars(Tmp, Tmp + sizeof Tmp, V);
    put(Tmp, size_t(End - Tmp));
  }
  /// Once an event is complete: a megabyte or more goes to the stream.
  void maybeFlush() {
    if (At - Buf.data() >= (1 << 20))
      flush();
  }
  void flush() {
    OS.write(Buf.data(), At - Buf.data());
    At = Buf.data();
  }

private:
  void slowPut(const char *S, size_t N) {
    flush();
    if (N >= Capacity)
      OS.write(S, std::streamsize(N));
    else
      put(S, N);
  }
  static constexpr size_t Capacity = size_t(2) << 20;
  std::ostream &OS;
  std::vector<char> Buf;
  char *At;
};

} // namespace

namespace {

/// Where one trace directory's processes and threads go in a file that may
/// hold several: pids and tids after the earlier directories', and process
/// names after a label naming the directory.
struct ChromeIds {
  uint32_t PidBase = 0, TidBase = 0;
  std::string ProcessLabel; // "" for a file of one directory
  uint32_t pid(const TimelineProcess &P) const { return PidBase + P.Pid; }
  uint32_t tid(const TimelineThread &T) const { return TidBase + T.Tid; }
};

/// The comma between events, none before the first of the file.
void separate(std::string &Out, bool &First) {
  if (!First)
    Out += ",\n";
  First = false;
}

/// One directory's process and thread names (the importer wants every
/// metadata event before the first data event), after \p First events.
void writeChromeMetadata(std::ostream &OS, const TimelineLayout &Layout, const ChromeIds &Base, bool &First) {
  std::string Out;
  for (const TimelineProcess &P : Layout.Processes) {
    std::string Pid = std::to_string(Base.pid(P));
    separate(Out, First);
    Out += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + Pid +
           ",\"args\":{\"name\":" + jsonString(Base.ProcessLabel + P.Name) + "}},\n";
    Out += "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + Pid +
           ",\"args\":{\"sort_index\":" + Pid + "}}";
  }
  for (const TimelineThread &T : Layout.Threads) {
    std::string Ids = "\"pid\":" + std::to_string(Base.pid(Layout.Processes[T.Process])) +
                      ",\"tid\":" + std::to_string(Base.tid(T));
    // The wave's arguments are the thread's, once (an event carries only
    // its name, time and payload).
    std::vector<TimelineArg> Args;
    TimelineArgs::waveArgs(Layout.Processes[T.Process], T, Args);
    std::string WaveArgs;
    for (const TimelineArg &A : Args) {
      WaveArgs += ",\"" + std::string(A.Key) + "\":";
      if (A.Str)
        WaveArgs += jsonString(*A.Str);
      else
        appendInt(WaveArgs, A.Int);
    }
    separate(Out, First);
    Out += "{\"ph\":\"M\",\"name\":\"thread_name\"," + Ids + ",\"args\":{\"name\":\"" + T.Name + "\"" +
           WaveArgs + "}},\n";
    Out += "{\"ph\":\"M\",\"name\":\"thread_sort_index\"," + Ids +
           ",\"args\":{\"sort_index\":" + std::to_string(Base.tid(T)) + "}}";
  }
  OS << Out;
}

/// One directory's counters and events, after \p First events.
/// Long because its lambdas share one output buffer and the directory's
/// caches of quoted names and marker JSON, which every event reuses; apart,
/// each piece would take all of them as parameters.
void writeChromeEvents(std::ostream &OS, const DirResult &Dir, const TimelineLayout &Layout,
                       const NameTable &Names, const TimelineClock &Clock, const ChromeIds &Base,
                       bool &First) {
  std::string Out;
  // Each dispatch's waves in flight, from occupancy, and each SE's when it
  // ran on several.
  auto Counter = [&](const TimelineProcess &P, const std::string &Name,
                     const std::vector<std::pair<int64_t, uint32_t>> &Series) {
    for (auto [Time, Count] : Series) {
      separate(Out, First);
      Out += "{\"ph\":\"C\",\"name\":\"" + Name + "\",\"ts\":";
      appendMicros(Out, Clock.ns(Time));
      Out += ",\"pid\":" + std::to_string(Base.pid(P)) + ",\"args\":{\"in flight\":";
      appendInt(Out, Count);
      Out += "}}";
    }
  };
  for (const TimelineProcess &P : Layout.Processes) {
    auto It = Dir.WavesInFlight.find(P.Dispatch);
    if (It == Dir.WavesInFlight.end() || P.Dispatch == 0)
      continue;
    Counter(P, "waves", It->second);
    for (auto SE = Dir.WavesInFlightPerSE.lower_bound({P.Dispatch, 0});
         SE != Dir.WavesInFlightPerSE.end() && SE->first.first == P.Dispatch; ++SE)
      Counter(P, "SE" + std::to_string(SE->first.second) + " waves", SE->second);
  }
  OS << Out;
  Out.clear();
  std::string Scratch;

  static const char *Categories[] = {"sqtt.function", "sqtt.user", "sqtt.point", "sqtt.instruction"};
  std::unordered_map<const std::string *, std::string> StrCache;
  auto Quoted = [&](const std::string *S) -> const std::string & {
    auto [It, New] = StrCache.try_emplace(S);
    if (New)
      It->second = jsonString(*S);
    return It->second;
  };
  auto AppendArg = [&](std::string &Out, const TimelineArg &A, bool FirstArg) {
    Out += FirstArg ? "\"" : ",\"";
    Out += A.Key;
    Out += "\":";
    if (A.Str)
      Out += Quoted(A.Str);
    else
      appendInt(Out, A.Int);
  };

  TimelineArgs ArgsOf(Names);
  std::vector<TimelineArg> Args;
  // What follows an event's ids up to its wave's arguments, the same for
  // every event of one marker, built once: name, category, the instant's
  // scope, and the marker's arguments (the first of all: no comma before).
  std::unordered_map<TimelineMarkerKey, std::string, TimelineMarkerKey::Hash> Markers;
  struct Cached {
    TimelineMarkerKey Key;
    const std::string *Json = nullptr;
  };
  std::array<Cached, 256> Recent{};
  auto MarkerJson = [&](const TimelineEvent &E, const TimelineItem &Item) -> const std::string & {
    TimelineMarkerKey Key(E, Item.Payload != 0);
    Cached &C = Recent[Key.hash() % Recent.size()];
    if (C.Json && C.Key == Key)
      return *C.Json;
    auto [It, New] = Markers.try_emplace(Key);
    if (New) {
      std::string Args1;
      Args.clear();
      ArgsOf.markerArgs(E, Item.Payload != 0, Args);
      for (const TimelineArg &A : Args)
        AppendArg(Args1, A, Args1.empty());
      It->second = ",\"name\":" + jsonString(Names.str(E.Name)) + ",\"cat\":\"" +
                   Categories[int(E.Category)] + '"' + (Item.Slice ? "" : ",\"s\":\"t\"") + ",\"args\":{" +
                   Args1;
    }
    C = {Key, &It->second};
    return It->second;
  };

  std::vector<TimelineEvent> Events;
  std::vector<TimelineItem> Items;
  JsonOut J(OS);
  char Num[48];
  auto Micros = [&](int64_t Ns) {
    std::string &T = Scratch;
    T.clear();
    appendMicros(T, Ns);
    J.str(T);
  };
  for (const WaveEvents &W : Dir.Waves) {
    Dir.Events.read({W.Begin, W.End}, Events);
    timelineItems(Events, Items);
    const TimelineThread *Thread = nullptr;
    std::string Ids;
    for (const TimelineItem &Item : Items) {
      const TimelineEvent &E = Events[Item.Head];
      if (!Thread || Thread->Dispatch != E.Dispatch) {
        Thread = &Layout.thread(E.Dispatch, W.Wave);
        Ids = ",\"pid\":" + std::to_string(Base.pid(Layout.Processes[Thread->Process])) +
              ",\"tid\":" + std::to_string(Base.tid(*Thread));
      }
      const TimelineProcess &Process = Layout.Processes[Thread->Process];
      if (!First)
        J.lit(",\n");
      First = false;
      int64_t Begin = Clock.ns(Item.Begin);
      if (Item.Slice)
        J.lit("{\"ph\":\"X\",\"ts\":");
      else
        J.lit("{\"ph\":\"i\",\"ts\":");
      Micros(Begin);
      if (Item.Slice) {
        J.lit(",\"dur\":");
        Scratch.clear();
        appendDuration(Scratch, Begin, Clock.ns(Item.End) - Begin, Item.Depth);
        J.str(Scratch);
      }
      J.str(Ids);
      J.str(MarkerJson(E, Item));
      Args.clear();
      ArgsOf.eventArgs(Item, Events, Args);
      for (const TimelineArg &A : Args) {
        J.lit(",\"");
        J.put(A.Key, std::strlen(A.Key));
        J.lit("\":");
        if (A.Str)
          J.str(Quoted(A.Str));
        else
          J.integer(A.Int);
      }
      J.lit("}}");
      // A data marker's values also go to a counter named after it.
      if (Item.Payload && E.Category == EventCategory::Point) {
        J.lit(",\n{\"ph\":\"C\",\"name\":");
        J.str(Quoted(&Names.str(E.Name)));
        J.lit(",\"ts\":");
        Micros(Begin);
        int N = std::snprintf(Num, sizeof Num, ",\"pid\":%u,\"args\":{", Base.pid(Process));
        J.put(Num, size_t(N));
        for (uint32_t I = 0; I < Item.Payload; ++I) {
          if (I)
            J.lit(",\"");
          else
            J.lit("\"");
          const char *Key = ArgsOf.valueKey(I, Item.Payload);
          J.put(Key, std::strlen(Key));
          J.lit("\":");
          J.integer(Events[Item.Head + 1 + I].Name);
        }
        J.lit("}}");
      }
      J.maybeFlush();
    }
  }
}

/// The host's slices (--host) as one process after the directories', with
/// a thread per track in the order the tracks first come: its metadata
/// (\p Metadata) or its events.
void writeChromeHost(std::ostream &OS, const std::vector<HostSlice> &Host, uint32_t Pid, uint32_t TidBase,
                     bool Metadata, bool &First) {
  if (Host.empty())
    return;
  std::map<std::string, uint32_t> Tids;
  std::vector<const std::string *> Order;
  for (const HostSlice &S : Host)
    if (Tids.try_emplace(S.Track, TidBase + uint32_t(Tids.size()) + 1).second)
      Order.push_back(&S.Track);
  std::string Out, P = std::to_string(Pid);
  if (Metadata) {
    separate(Out, First);
    Out += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + P +
           ",\"args\":{\"name\":\"host (rocprofv3's database, CLOCK_BOOTTIME)\"}}";
    for (const std::string *Track : Order) {
      separate(Out, First);
      Out += "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + P + ",\"tid\":" +
             std::to_string(Tids[*Track]) + ",\"args\":{\"name\":" + jsonString(*Track) + "}}";
    }
  } else {
    for (const HostSlice &S : Host) {
      separate(Out, First);
      Out += "{\"ph\":\"X\",\"name\":" + jsonString(S.Name) + ",\"cat\":\"sqtt.host\",\"args\":{\"source\":\"rocpd\"},\"pid\":" + P + ",\"tid\":" +
             std::to_string(Tids[S.Track]) + ",\"ts\":";
      appendMicros(Out, S.Start);
      Out += ",\"dur\":";
      appendMicros(Out, S.End - S.Start);
      Out += "}";
    }
  }
  OS << Out;
}

std::string chromeHeader(const std::string &TimeUnit) {
  return "{\"otherData\":{\"producer\":\"sqtt-perfetto\",\"time_unit\":" + jsonString(TimeUnit) +
         "},\n\"traceEvents\":[";
}

} // namespace

void writeChromeTrace(std::ostream &OS, const DirResult &Dir, const NameTable &Names,
                      const TimelineClock &Clock, const std::vector<HostSlice> &Host) {
  OS << chromeHeader(Clock.note());
  bool First = true;
  TimelineLayout Layout(Dir);
  const uint32_t HostPid = uint32_t(Layout.Processes.size()) + 1, HostTids = uint32_t(Layout.Threads.size());
  writeChromeMetadata(OS, Layout, {}, First);
  writeChromeHost(OS, Host, HostPid, HostTids, /*Metadata=*/true, First);
  writeChromeEvents(OS, Dir, Layout, Names, Clock, {}, First);
  writeChromeHost(OS, Host, HostPid, HostTids, /*Metadata=*/false, First);
  OS << "]}\n";
}

void writeMergedChromeTrace(std::ostream &OS, const std::vector<const DirResult *> &Dirs,
                            const std::vector<std::string> &Labels, const NameTable &Names,
                            const std::vector<TimelineClock> &Clocks, const std::string &TimeUnit,
                            const std::vector<HostSlice> &Host) {
  OS << chromeHeader(TimeUnit);
  bool First = true;
  std::vector<TimelineLayout> Layouts;
  std::vector<ChromeIds> Bases;
  ChromeIds Base;
  for (size_t I = 0; I < Dirs.size(); ++I) {
    Layouts.emplace_back(*Dirs[I]);
    Base.ProcessLabel = Labels[I] + ": ";
    Bases.push_back(Base);
    Base.PidBase += uint32_t(Layouts.back().Processes.size());
    Base.TidBase += uint32_t(Layouts.back().Threads.size());
  }
  for (size_t I = 0; I < Dirs.size(); ++I)
    writeChromeMetadata(OS, Layouts[I], Bases[I], First);
  writeChromeHost(OS, Host, Base.PidBase + 1, Base.TidBase, /*Metadata=*/true, First);
  for (size_t I = 0; I < Dirs.size(); ++I)
    writeChromeEvents(OS, *Dirs[I], Layouts[I], Names, Clocks[I], Bases[I], First);
  writeChromeHost(OS, Host, Base.PidBase + 1, Base.TidBase, /*Metadata=*/false, First);
  OS << "]}\n";
}

} // namespace sqtt
