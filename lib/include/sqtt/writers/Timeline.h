// Timeline.h - what the two timeline writers (Chrome JSON, Perfetto
// protobuf) share: viewer time, process and thread numbering, slices paired
// from a wave's events, and the arguments every slice and instant carries.
#pragma once

#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/trace/WaveInstructions.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sqtt {

/// Cycles to viewer nanoseconds (D16): cycles / GHz with a clock rate (the
/// capture's segments where its clock changed, D35), else
/// one cycle is shown as one nanosecond. Whole nanoseconds, so that a
/// slice's end computed as begin + duration is the same as its own end.
struct TimelineClock {
  double GHz = 0;
  /// Where the rate comes from ("--clock-rate-ghz", a realtime.json path),
  /// and the capture's SE offsets when the SEs were aligned (D26).
  std::string Source;
  const CaptureClock *Capture = nullptr;
  /// Added to every time: a directory's place on a merged file's axis.
  int64_t OffsetNs = 0;
  int64_t ns(int64_t Cycles) const;
  /// Whether times follow the capture's clock segments (its rate changed
  /// during the dispatch and no rate was given).
  bool followsSegments() const;
  /// What the times mean, for the file and the tool's note.
  std::string note() const;
  /// The clock of \p Dir's timeline: \p GHz when given, else the capture's
  /// rate when it has realtime.json, else cycles shown as ns.
  static TimelineClock of(const DirResult &Dir, double GHz);

  /// Places \p Dir's timeline on the host's CLOCK_BOOTTIME (ROCPD.md §4):
  /// rocprofv3's database gives the dispatch's host window \p StartNs ..
  /// \p EndNs; the waves, at this clock's rate, are put in its middle (no
  /// calibration between the two clocks exists: the placement is known to
  /// the window's slack). Sets OffsetNs and Host; returns false, with the
  /// reason in \p Why, when the timeline has no real time to place. \p Warning:
  /// the waves do not fit in the window.
  bool placeOnHost(const DirResult &Dir, int64_t StartNs, int64_t EndNs, std::string &Why, std::string &Warning);
  /// How the times were put on the host's clock; "" when they were not.
  std::string Host;
};

/// A slice of the host's timeline (sqtt-perfetto --host: rocprofv3's
/// database), on CLOCK_BOOTTIME ns as it is: API calls on their thread's
/// track, dispatches on their agent's.
struct HostSlice {
  std::string Track, Name;
  int64_t Start = 0, End = 0;
};

/// A dispatch of the trace directory, shown as a process.
struct TimelineProcess {
  int64_t Dispatch = 0;
  uint32_t Pid = 0;   // dense from 1, in dispatch order
  std::string Name;   // "dispatch N: kernel"
  std::string Kernel; // "" when the dispatch has none
  std::optional<uint64_t> CodeObject;
};

/// A wave instance within one dispatch, shown as a thread.
struct TimelineThread {
  int64_t Dispatch = 0;
  WaveRef Wave;
  uint32_t Process = 0; // index into TimelineLayout::Processes
  uint32_t Tid = 0;     // dense from 1 over the file, in SE/CU/SIMD/slot/instance order
  std::string Name;     // SE<se>/CU<cu>/SIMD<simd>/W<slot>#<instance>
};

/// Pids and tids (D8): dense indices in [1, 2^31), the same for the same
/// trace on every run; tid 0 is avoided because Perfetto's JSON importer
/// replaces it by the pid.
class TimelineLayout {
public:
  explicit TimelineLayout(const DirResult &Dir);
  std::vector<TimelineProcess> Processes; // by pid
  std::vector<TimelineThread> Threads;    // by tid
  /// The thread of wave instance \p Wave while in \p Dispatch.
  const TimelineThread &thread(int64_t Dispatch, WaveRef Wave) const;

private:
  std::unordered_map<int64_t, std::unordered_map<uint64_t, uint32_t>> ThreadIndex; // by WaveRef::key
};

/// One slice (a B/E pair) or instant of a wave, in begin order.
struct TimelineItem {
  bool Slice = false;
  int64_t Begin = 0, End = 0; // cycles; End == Begin for an instant
  uint32_t Head = 0;          // index of the Begin/Instant event
  uint32_t Payload = 0;       // payload words: events [Head + 1, Head + 1 + Payload)
  uint32_t Depth = 0;         // slices open around it
};

/// Pairs a wave's Begin/End events (they nest per wave) into slices.
void timelineItems(const std::vector<TimelineEvent> &Events, std::vector<TimelineItem> &Items);

/// "function", "user", "point", "data" (a point with payload), "unknown"
/// or "instruction".
const char *markerKind(const TimelineEvent &Head, bool HasPayload);

/// What a marker's name, category and marker arguments depend on: writers
/// that encode them once per marker look them up by it.
struct TimelineMarkerKey {
  uint64_t A = 0, B = 0; // name and marker ID; source, phase, category, unknown, payload
  TimelineMarkerKey() = default;
  TimelineMarkerKey(const TimelineEvent &Head, bool HasPayload)
      : A(uint64_t(Head.Name) << 32 | Head.MarkerID),
        B(uint64_t(Head.SourceLoc) << 8 | uint64_t(Head.Ph) << 4 | uint64_t(Head.Category) << 2 |
          uint64_t(Head.Flags & TimelineEvent::FlagUnknown) << 1 | uint64_t(HasPayload)) {}
  bool operator==(const TimelineMarkerKey &O) const { return A == O.A && B == O.B; }
  size_t hash() const { return size_t((A * 0x9E3779B97F4A7C15ull) ^ (B * 0xC2B2AE3D27D4EB4Full)); }
  struct Hash {
    size_t operator()(const TimelineMarkerKey &K) const { return K.hash(); }
  };
};

/// One argument of a slice or instant: an integer or a string.
struct TimelineArg {
  const char *Key;
  const std::string *Str; // null: an integer
  int64_t Int;
};

/// The arguments of \p Item, in a fixed order: marker ID, kind, source
/// location (when the map has one), kernel and code object (when known),
/// SE/CU/SIMD/slot/instance, and the payload words (data markers: "value",
/// or "value0", "value1", ...; instructions: category, stall and duration,
/// "inserted" when the plugin inserted it, with the code.json line in place
/// of the marker ID). They come in three
/// groups, which of() concatenates: the marker's (the same for every event
/// of one marker), the wave's (the same for every event on one track) and
/// the event's own. The writers put the wave's on the track, once, and the
/// marker's in an encoding made once per marker: an event carries only its
/// name, time and payload.
class TimelineArgs {
public:
  explicit TimelineArgs(const NameTable &Names) : Names(Names) {}
  const std::vector<TimelineArg> &of(const TimelineItem &Item, const std::vector<TimelineEvent> &Events,
                                     const TimelineProcess &Process, const TimelineThread &Thread);
  /// Marker ID, kind and source of the marker that \p Head begins.
  void markerArgs(const TimelineEvent &Head, bool HasPayload, std::vector<TimelineArg> &Out) const;
  /// Kernel, code object, SE/CU/SIMD/slot/instance of \p Thread.
  static void waveArgs(const TimelineProcess &Process, const TimelineThread &Thread,
                       std::vector<TimelineArg> &Out);
  /// The payload words of \p Item.
  void eventArgs(const TimelineItem &Item, const std::vector<TimelineEvent> &Events,
                 std::vector<TimelineArg> &Out);
  /// The key of payload word \p I of \p Count ("value" when there is one).
  const char *valueKey(uint32_t I, uint32_t Count);

private:
  const NameTable &Names;
  std::vector<TimelineArg> Args;
  std::string Kinds[6] = {"function", "user", "point", "data", "unknown", "instruction"};
  std::vector<std::string> Categories = instCategoryNames();
  std::deque<std::string> ValueKeys; // stable: args point into it
};

} // namespace sqtt
