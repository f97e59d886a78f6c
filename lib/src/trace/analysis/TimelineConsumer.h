// TimelineConsumer.h - the wave walk's consumer for the timelines: each
// wave's begin, end, instant and payload events (with the capture's
// instructions interleaved when asked for), stored a wave at a time, and
// which waves and dispatches have any. The library's own header, not
// installed.
#pragma once

#include "analysis/InstructionConsumer.h"
#include "analysis/WaveWalk.h"
#include "sqtt/trace/TraceAnalysis.h"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_set>
#include <utility>
#include <vector>

namespace sqtt {

class TimelineConsumer {
public:
  /// With \p Capture, the instructions of its wave files are slices under
  /// the scopes of their waves.
  TimelineConsumer(DirResult &Result, const MarkerResolver &Resolver, uint32_t NoLocation,
                   const InstructionCapture *Capture, NameTable &Names)
      : Result(Result), Resolver(Resolver), NoLocation(NoLocation), Capture(Capture) {
    if (Capture)
      Lines.emplace(*Capture, Names);
  }

  void beginWave(const WaveStart &W) {
    File = Capture ? waveFileOf(*Capture, W) : nullptr;
    Wave = W.Wave;
    Key = W.Key;
    Dispatch = 0;
    Open = 0;
    Recorded = false;
  }
  void beginDispatch(int64_t D, const ResolvedDispatch *Of) {
    Dispatch = D;
    Recorded = false;
    if (Of && !Result.EventDispatches.count(D))
      Result.EventDispatches[D] = {Of->OccupancyName,
                                   Of->Target.Kernel.empty() ? "" : Resolver.display(Of->Target.Kernel),
                                   Of->Target.CodeObject};
  }
  void selfTime(uint64_t) {}
  void enter(uint32_t Name, MarkerType Type, const DecodedMarker &M, int64_t Time) {
    ++Open;
    emit(TimelineEvent::Begin, Time, Name, eventCategory(Type), &M);
  }
  void exit(int64_t Time) {
    if (Open) {
      --Open;
      emit(TimelineEvent::End, Time, 0, EventCategory::Function);
    }
  }
  void point(uint32_t Name, const DecodedMarker &M, int64_t Time, const uint32_t *Payload, uint32_t Words) {
    emit(TimelineEvent::Instant, Time, Name, EventCategory::Point, &M);
    for (uint32_t K = 0; K < Words; ++K)
      emit(TimelineEvent::Payload, Time, Payload[K], EventCategory::Point);
  }
  void closeAll(int64_t Time) {
    for (; Open; --Open)
      emit(TimelineEvent::End, Time, 0, EventCategory::Function);
  }
  /// The wave's events go to the store as soon as it is complete: one
  /// wave's are in memory, and only the wave index stays.
  void endWave(uint64_t) {
    if (Events.empty())
      return;
    if (File && !File->Instructions.empty()) {
      interleaveInstructions(Events, *File, *Lines, Merged);
      Events.swap(Merged);
    }
    auto [Begin, End] = Result.Events.append(Events.data(), Events.data() + Events.size());
    Waves.push_back({Key, {Wave, Begin, End}});
    Shown.insert(Wave.key());
    Events.clear();
  }

  /// A capture without markers (D29): a track per wave of \p Waves with one
  /// slice, its kernel, from launch to end (the wave file's instructions
  /// under it when asked for), in launch order.
  /// In a capture with markers, the waves that recorded none get the same
  /// (their instructions were traced all the same).
  void markerlessWaves(const std::vector<WaveTime> &Waves, const Occupancy &Occ, DispatchTable &Dispatches,
                       uint32_t DirIndex) {
    uint64_t Serial = 0;
    for (const WaveTime &W : Waves) {
      if (Shown.count(W.Wave.key()))
        continue;
      auto Slot = Occ.Spans.find(W.Wave.Slot);
      const WaveSpan *Span = Slot != Occ.Spans.end() && W.Wave.Instance < Slot->second.size()
                                 ? &Slot->second[W.Wave.Instance]
                                 : nullptr;
      beginWave({W.Wave, OrderKey{DirIndex, W.Launch, 0, 0, 0}, Serial++, Span});
      const ResolvedDispatch &D = Dispatches.of(W.Dispatch, /*Report=*/false);
      beginDispatch(W.Dispatch, &D);
      emit(TimelineEvent::Begin, W.Launch, D.Kernel, EventCategory::Function);
      emit(TimelineEvent::End, W.End, 0, EventCategory::Function);
      endWave(0);
    }
  }

  /// After each engine: its events reach the store's file.
  void endEngine() { Result.Events.flush(); }
  /// After the directory: waves in output order (by their first header
  /// across engines) and the waves each dispatch shows.
  void finish() {
    std::sort(Waves.begin(), Waves.end(), [](const auto &A, const auto &B) { return A.first < B.first; });
    for (auto &[Key, W] : Waves)
      Result.Waves.push_back(W);
    Result.DispatchWaves.assign(Threads.begin(), Threads.end());
  }

private:
  void emit(TimelineEvent::Phase Ph, int64_t Time, uint32_t Name, EventCategory Category,
            const DecodedMarker *M = nullptr) {
    TimelineEvent Ev;
    Ev.Time = Time, Ev.Dispatch = Dispatch, Ev.Name = Name, Ev.Ph = Ph, Ev.Category = Category;
    Ev.SourceLoc = NoLocation;
    if (M) {
      Ev.MarkerID = M->ID;
      if (M->Info)
        Ev.SourceLoc = M->Info->SourceLoc;
      else
        Ev.Flags |= TimelineEvent::FlagUnknown;
    }
    Events.push_back(Ev);
    if (!Recorded) { // The wave's thread in this dispatch, once.
      Threads.insert({Dispatch, Wave});
      Recorded = true;
    }
  }

  DirResult &Result;
  const MarkerResolver &Resolver;
  uint32_t NoLocation;
  WaveRef Wave;
  OrderKey Key;
  int64_t Dispatch = 0;
  size_t Open = 0; // Begin events without their End
  bool Recorded = false;
  std::vector<TimelineEvent> Events; // this wave's, until it ends
  const InstructionCapture *Capture;
  std::optional<LineNames> Lines;
  const WaveInstructions *File = nullptr; // this wave's
  std::vector<TimelineEvent> Merged;
  std::vector<std::pair<OrderKey, WaveEvents>> Waves;
  std::set<std::pair<int64_t, WaveRef>> Threads;
  std::unordered_set<uint64_t> Shown; // WaveRef::key of every wave with a track
};

} // namespace sqtt
