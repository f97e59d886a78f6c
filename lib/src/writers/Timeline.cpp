// Timeline.cpp - what the Chrome JSON and Perfetto protobuf writers share.
#include "sqtt/writers/Timeline.h"
#include "sqtt/writers/WaveLabel.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <tuple>

namespace sqtt {

int64_t TimelineClock::ns(int64_t Cycles) const {
  if (followsSegments())
    return int64_t(std::llround(Capture->nsSinceZero(double(Cycles)))) + OffsetNs;
  return (GHz > 0 ? int64_t(std::llround(double(Cycles) / GHz)) : Cycles) + OffsetNs;
}

bool TimelineClock::followsSegments() const {
  return Capture && Capture->Segments.size() > 1 && GHz == Capture->GHz && Source == Capture->Source;
}

std::string TimelineClock::note() const {
  std::string Aligned = Host.empty() ? "" : "; " + Host;
  if (Capture) {
    Aligned = "; shader engines aligned on the realtime clock of " + Capture->Source + " (cycles added: " +
              Capture->describeOffsets(" ") + "); " + Capture->describeFit();
    for (const std::string &W : Capture->Warnings)
      Aligned += "; warning: " + W;
  }
  if (GHz <= 0)
    return "SQTT shader clock cycles shown as ns (1 cycle = 1 ns); pass --clock-rate-ghz for real time" + Aligned;
  char Buf[128];
  if (followsSegments())
    std::snprintf(Buf, sizeof Buf, "ns following the shader clock's %zu rates (mean %.4g GHz", Capture->Segments.size(),
                  GHz);
  else
    std::snprintf(Buf, sizeof Buf, "ns at a %.4g GHz shader clock (ns = cycles / %.4g", GHz, GHz);
  return Buf + (Source.empty() ? std::string() : ", rate from " + Source) + ")" + Aligned;
}

TimelineClock TimelineClock::of(const DirResult &Dir, double GHz) {
  TimelineClock C;
  C.Capture = Dir.Clock ? &*Dir.Clock : nullptr;
  if (GHz > 0) {
    C.GHz = GHz;
    C.Source = "--clock-rate-ghz";
  } else if (Dir.Clock && Dir.Clock->GHz > 0) {
    C.GHz = Dir.Clock->GHz;
    C.Source = Dir.Clock->Source;
  }
  return C;
}

bool TimelineClock::placeOnHost(const DirResult &Dir, int64_t StartNs, int64_t EndNs, std::string &Why,
                                std::string &Warning) {
  if (GHz <= 0) {
    Why = "the capture has no shader clock rate (no realtime samples; --clock-rate-ghz gives one)";
    return false;
  }
  std::optional<int64_t> First, Last;
  for (const auto &[Dispatch, Series] : Dir.WavesInFlight)
    if (!Series.empty()) {
      First = std::min(First.value_or(Series.front().first), Series.front().first);
      Last = std::max(Last.value_or(Series.back().first), Series.back().first);
    }
  if (!First) {
    Why = "no wave of the capture has a lifetime to place";
    return false;
  }
  OffsetNs = 0;
  const int64_t Begin = ns(*First), Span = ns(*Last) - Begin, Window = EndNs - StartNs;
  OffsetNs = StartNs + (Window - Span) / 2 - Begin;
  Host = "on the host's CLOCK_BOOTTIME (ns, the clock of rocprofv3's database): the waves' " + std::to_string(Span) +
         " ns centred in the dispatch's host window " + std::to_string(StartNs) + ".." + std::to_string(EndNs) +
         " (no calibration between the GPU's and the host's clocks exists: placed to within +-" +
         std::to_string(std::abs(Window - Span) / 2) + " ns)";
  if (Span > Window)
    Warning = "the waves span " + std::to_string(Span) + " ns, more than the dispatch's host window of " +
              std::to_string(Window) + " ns: the shader clock's rate or the database's times are off";
  return true;
}

namespace {

/// "dispatch N: kernel" (the occupancy name when the kernel is unknown);
/// dispatch 0 without a summary holds records outside any dispatch.
std::string processName(int64_t Dispatch, const DispatchSummary *S) {
  if (!S)
    return Dispatch == 0 ? "unknown dispatch" : "dispatch " + std::to_string(Dispatch);
  const std::string &Shown = S->Kernel.empty() ? S->OccupancyName : S->Kernel;
  return "dispatch " + std::to_string(Dispatch) + (Shown.empty() ? "" : ": " + Shown);
}

} // namespace

TimelineLayout::TimelineLayout(const DirResult &Dir) {
  std::set<int64_t> Dispatches;
  for (const auto &[D, Wave] : Dir.DispatchWaves)
    Dispatches.insert(D);
  std::unordered_map<int64_t, uint32_t> ProcessOf;
  for (int64_t D : Dispatches) {
    TimelineProcess P;
    P.Dispatch = D;
    P.Pid = uint32_t(Processes.size() + 1);
    auto S = Dir.EventDispatches.find(D);
    const DispatchSummary *Summary = S != Dir.EventDispatches.end() ? &S->second : nullptr;
    P.Name = processName(D, Summary);
    if (Summary) {
      P.Kernel = Summary->Kernel;
      P.CodeObject = Summary->CodeObject;
    }
    ProcessOf[D] = uint32_t(Processes.size());
    Processes.push_back(std::move(P));
  }
  // Threads in dispatch, then SE/CU/SIMD/slot/instance order: the order of
  // DispatchWaves, by dispatch and wave key.
  if (Dir.DispatchWaves.size() >= (1u << 31) - 1)
    throw Error(Dir.Dir + ": more wave instances than a timeline can number");
  for (const auto &[D, Wave] : Dir.DispatchWaves) {
    TimelineThread Th;
    Th.Dispatch = D;
    Th.Wave = Wave;
    Th.Process = ProcessOf[D];
    Th.Tid = uint32_t(Threads.size() + 1);
    Th.Name = waveLabel(Wave);
    ThreadIndex[D][Wave.key()] = uint32_t(Threads.size());
    Threads.push_back(std::move(Th));
  }
}

const TimelineThread &TimelineLayout::thread(int64_t Dispatch, WaveRef Wave) const {
  return Threads[ThreadIndex.at(Dispatch).at(Wave.key())];
}

void timelineItems(const std::vector<TimelineEvent> &Events, std::vector<TimelineItem> &Items) {
  Items.clear();
  std::vector<size_t> Open; // indices into Items
  for (uint32_t I = 0; I < Events.size(); ++I) {
    const TimelineEvent &E = Events[I];
    switch (E.Ph) {
    case TimelineEvent::Begin:
      Items.push_back({true, E.Time, E.Time, I, 0, uint32_t(Open.size())});
      Open.push_back(Items.size() - 1);
      break;
    case TimelineEvent::End:
      // The analysis emits an End only for an open scope.
      if (!Open.empty()) {
        Items[Open.back()].End = E.Time;
        Open.pop_back();
      }
      break;
    case TimelineEvent::Instant:
      Items.push_back({false, E.Time, E.Time, I, 0, uint32_t(Open.size())});
      break;
    case TimelineEvent::Payload: // right after its instant or instruction
      if (!Items.empty() && Items.back().Head + Items.back().Payload + 1 == I)
        ++Items.back().Payload;
      break;
    }
  }
}

const char *markerKind(const TimelineEvent &Head, bool HasPayload) {
  if (Head.Flags & TimelineEvent::FlagUnknown)
    return "unknown";
  switch (Head.Category) {
  case EventCategory::Function:
    return "function";
  case EventCategory::User:
    return "user";
  case EventCategory::Instruction:
    return "instruction";
  case EventCategory::Point:
    break;
  }
  return HasPayload ? "data" : "point";
}

const char *TimelineArgs::valueKey(uint32_t I, uint32_t Count) {
  if (Count == 1)
    return "value";
  while (ValueKeys.size() <= I)
    ValueKeys.push_back("value" + std::to_string(ValueKeys.size()));
  return ValueKeys[I].c_str();
}

const std::vector<TimelineArg> &TimelineArgs::of(const TimelineItem &Item,
                                                 const std::vector<TimelineEvent> &Events,
                                                 const TimelineProcess &Process,
                                                 const TimelineThread &Thread) {
  Args.clear();
  markerArgs(Events[Item.Head], Item.Payload != 0, Args);
  waveArgs(Process, Thread, Args);
  eventArgs(Item, Events, Args);
  return Args;
}

void TimelineArgs::markerArgs(const TimelineEvent &Head, bool HasPayload,
                              std::vector<TimelineArg> &Out) const {
  Out.push_back({Head.Category == EventCategory::Instruction ? "line" : "marker_id", nullptr, Head.MarkerID});
  const char *Kind = markerKind(Head, HasPayload);
  for (const std::string &K : Kinds)
    if (K.c_str()[0] == Kind[0] && K == Kind) // the first letters differ: one compare
      Out.push_back({"kind", &K, 0});
  if (const std::string &Loc = Names.str(Head.SourceLoc); !Loc.empty())
    Out.push_back({"source", &Loc, 0});
}

void TimelineArgs::waveArgs(const TimelineProcess &Process, const TimelineThread &Thread,
                            std::vector<TimelineArg> &Out) {
  if (!Process.Kernel.empty())
    Out.push_back({"kernel", &Process.Kernel, 0});
  if (Process.CodeObject)
    Out.push_back({"code_object", nullptr, int64_t(*Process.CodeObject)});
  SlotKey Slot = Thread.Wave.Slot;
  Out.push_back({"se", nullptr, slotSE(Slot)});
  Out.push_back({"cu", nullptr, slotCU(Slot)});
  Out.push_back({"simd", nullptr, slotSIMD(Slot)});
  Out.push_back({"slot", nullptr, slotWave(Slot)});
  Out.push_back({"instance", nullptr, Thread.Wave.Instance});
}

void TimelineArgs::eventArgs(const TimelineItem &Item, const std::vector<TimelineEvent> &Events,
                             std::vector<TimelineArg> &Out) {
  if (Events[Item.Head].Category == EventCategory::Instruction && Item.Payload >= 3) {
    const TimelineEvent *P = &Events[Item.Head + 1];
    Out.push_back({"category", &Categories[P[0].Name < InstCategories ? P[0].Name : 0], 0});
    Out.push_back({"stall", nullptr, P[1].Name});
    Out.push_back({"duration", nullptr, P[2].Name});
    // Said only of the plugin's instructions, so a plain capture's slices
    // are as before.
    if (Item.Payload >= 4 && P[3].Name)
      Out.push_back({"inserted", nullptr, 1});
    return;
  }
  for (uint32_t I = 0; I < Item.Payload; ++I)
    Out.push_back({valueKey(I, Item.Payload), nullptr, Events[Item.Head + 1 + I].Name});
}

} // namespace sqtt
