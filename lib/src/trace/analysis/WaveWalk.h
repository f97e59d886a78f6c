// WaveWalk.h - the last stage of the analysis: one walk over each wave
// instance's headers that turns them into scope events and hands those to
// the consumers (the folded profile, the scope statistics, the timeline, and
// whatever output comes next). The library's own header, not installed.
//
// The walk owns what every consumer would otherwise repeat: which dispatch a
// record belongs to (and the map it is decoded with), matching exits to
// enters, and the counters of D10. Consumers see a clean nesting: an exit()
// only for an open scope, closeAll() for scopes abandoned when the dispatch
// changes or the wave ends.
//
// Consumers are a static interface: the walk is instantiated for the set a
// tool asked for, so the per-record calls inline and an output nobody asked
// for costs nothing. A consumer provides:
//
//   void beginWave(const WaveStart &W);
//   void beginDispatch(int64_t Dispatch, const ResolvedDispatch *D); // D null: outside any
//   void selfTime(uint64_t Cycles);  // the innermost open scope ran this long
//   void enter(uint32_t Name, MarkerType Type, const DecodedMarker &M, int64_t Time);
//   void exit(int64_t Time);
//   void point(uint32_t Name, const DecodedMarker &M, int64_t Time, const uint32_t *Payload,
//              uint32_t Words);
//   void closeAll(int64_t Time);     // every open scope ends unclosed at Time
//   void endWave(uint64_t Scoped);   // cycles in scopes while in the wave's own dispatch
// and, optionally, addressBlocks(const RecordBlocks::BlocksBefore &): the
// address blocks cut out of the stream before the next header.
#pragma once

#include "analysis/DispatchTable.h"
#include "analysis/RecordBlocks.h"
#include "analysis/SlotGrouping.h"
#include "sqtt/trace/FoldedProfile.h"

#include <optional>
#include <type_traits>
#include <utility>

namespace sqtt {

/// What a consumer learns of a wave instance before its first event.
struct WaveStart {
  WaveRef Wave;
  OrderKey Key;           // of its first header; Sequence 0
  uint64_t Serial;        // unique within the trace directory
  const WaveSpan *Span;   // its launch and end in occupancy.json; null if none
};

/// One engine's grouped headers, ready to walk.
struct EngineHeaders {
  const SlotGroups &Groups;
  const RecordBlocks &Blocks;
  const std::vector<WaveRun> &Runs;
  uint32_t DirIndex, Engine;
};

/// Whether consumer \p C counts the address blocks cut out of the stream
/// (addressBlocks(RecordBlocks::BlocksBefore)); only the scope statistics do.
template <class C, class = void> struct CountsAddressBlocks : std::false_type {};
template <class C>
struct CountsAddressBlocks<C, std::void_t<decltype(std::declval<C &>().addressBlocks(
                                  std::declval<const RecordBlocks::BlocksBefore &>()))>> : std::true_type {};
template <class C> void addressBlocks(C &Consumer, const RecordBlocks::BlocksBefore &B) {
  if constexpr (CountsAddressBlocks<C>::value)
    Consumer.addressBlocks(B);
}

template <class... Consumers>
void walkWaves(const EngineHeaders &In, const Occupancy &Occ, DispatchTable &Dispatches,
               MarkerResolver &Resolver, RecordCounts &Counts, uint64_t &WaveSerial, Consumers &...C) {
  const std::vector<SlotRecord> &Stream = In.Groups.Stream;
  std::optional<SpanCursor> Cursor;
  SlotKey CursorSlot = 0;
  RecordBlocks::Payloads Payloads(In.Blocks); // runs come in Stream order
  RecordBlocks::Blocks Blocks(In.Blocks);
  for (const WaveRun &Run : In.Runs) {
    if (!Cursor || CursorSlot != Run.Wave.Slot) { // A slot's runs are adjacent and in time order.
      Cursor.emplace(Occ, Run.Wave.Slot);
      CursorSlot = Run.Wave.Slot;
    }
    WaveStart Start{Run.Wave,
                    {In.DirIndex, Stream[Run.Begin].Time, In.Engine, Stream[Run.Begin].Origin, 0},
                    ++WaveSerial, Cursor->at(Stream[Run.Begin].Time)};
    (C.beginWave(Start), ...);
    std::optional<int64_t> Current; // the dispatch of the records so far
    const MarkerMap *Map = &Resolver.outsideDispatch();
    uint32_t Depth = 0;             // scopes open in the current dispatch
    std::optional<int64_t> LastTime; // of the last enter or exit
    int64_t LastRecordTime = 0;
    // Scoped time within the dispatch of the wave's own span (D25).
    bool InSpan = false;
    uint64_t Scoped = 0;
    auto SelfTime = [&](int64_t Now) {
      if (LastTime && Depth && Now > *LastTime) {
        uint64_t Cycles = uint64_t(Now - *LastTime);
        if (InSpan)
          Scoped += Cycles;
        (C.selfTime(Cycles), ...);
      }
    };
    for (uint32_t H = Run.Begin; H < Run.End; ++H) {
      const SlotRecord &R = Stream[H];
      LastRecordTime = R.Time;
      const WaveSpan *Span = Cursor->at(R.Time);
      std::optional<int64_t> D;
      if (Span)
        D = Span->Dispatch;
      else
        ++Counts.OutsideAnyWave;
      if (D != Current) {
        SelfTime(R.Time);
        if (Current)
          ++Counts.DispatchChanges;
        (C.closeAll(R.Time), ...);
        Current = D;
        Depth = 0;
        LastTime.reset();
        const ResolvedDispatch *Of = D ? &Dispatches.of(*D) : nullptr;
        Map = Of ? Of->Target.Map : &Resolver.outsideDispatch();
        InSpan = D && Start.Span && *D == Start.Span->Dispatch;
        (C.beginDispatch(D.value_or(0), Of), ...);
      }
      if (RecordBlocks::BlocksBefore B = Blocks.before(H); B.Records)
        (addressBlocks(C, B), ...);
      DecodedMarker M = Resolver.decode(R.Value, *Map);
      if (M.isNoop()) {
        ++Counts.Noops;
        continue;
      }
      // An ID no map names is a user marker (D24): numeric markers are the
      // user's, functions always have a map entry.
      MarkerType Type = M.Info ? M.Info->Type : MarkerType::User;
      // Half the records are bare exits, which need no name: the unknown
      // name ("event#<id>") is only made for a record that uses it.
      auto NameOf = [&] { return M.Info ? M.Info->Name : Resolver.unknownName(M.ID); };
      if (!M.Info && M.ID != 0)
        ++Counts.UnknownIDs; // A bare exit (ID 0) needs no map entry.
      if (Type == MarkerType::Point) {
        ++Counts.PointMarkers;
        auto [Payload, Words] = Payloads.of(H);
        uint32_t Name = NameOf();
        (C.point(Name, M, R.Time, Payload, Words), ...);
        continue;
      }
      if (!M.Info && M.ID == 0)
        ++Counts.BareExits;
      else
        (Type == MarkerType::Function ? Counts.FunctionMarkers : Counts.UserMarkers) += 1;
      SelfTime(R.Time);
      LastTime = R.Time;
      if (M.ExitPrev) {
        if (Depth) {
          --Depth;
          (C.exit(R.Time), ...);
        } else {
          ++Counts.UnmatchedExits;
        }
      }
      if (M.Enter) {
        uint32_t Name = NameOf();
        ++Depth;
        (C.enter(Name, Type, M, R.Time), ...);
      }
    }
    Counts.OpenAtWaveEnd += Depth;
    (C.closeAll(LastRecordTime + 1), ...);
    (C.endWave(Scoped), ...);
  }
}

} // namespace sqtt
