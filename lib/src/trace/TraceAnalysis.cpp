// TraceAnalysis.cpp - from a trace directory's records to what the tools show:
// the stages of lib/src/trace/analysis, engine by engine.
//
// The work is linear in the number of records apart from the one time sort,
// which is skipped when the files are already in order (the usual case).
#include "sqtt/trace/TraceAnalysis.h"
#include "analysis/DispatchTable.h"
#include "analysis/InstructionConsumer.h"
#include "analysis/OccupancyWaves.h"
#include "analysis/ProfileConsumer.h"
#include "analysis/RecordBlocks.h"
#include "analysis/RecordSelection.h"
#include "analysis/SlotGrouping.h"
#include "analysis/StatsConsumer.h"
#include "analysis/TimeOrder.h"
#include "analysis/TimelineConsumer.h"
#include "analysis/WaveWalk.h"

#include <algorithm>
#include <future>
#include <optional>

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
  ImpossibleOccupancyRows += O.ImpossibleOccupancyRows;
  OddOccupancyRows += O.OddOccupancyRows;
  SkippedFiles += O.SkippedFiles;
  OutOfTimeOrder += O.OutOfTimeOrder;
  NegativeTimes += O.NegativeTimes;
}

namespace {

/// A count of waves at each change: one point per time, the count once
/// every change at that time is in.
std::vector<std::pair<int64_t, uint32_t>> countSteps(std::vector<std::pair<int64_t, int>> &Of) {
  std::sort(Of.begin(), Of.end());
  std::vector<std::pair<int64_t, uint32_t>> Series;
  int64_t Count = 0;
  for (size_t I = 0; I < Of.size(); ++I) {
    Count += Of[I].second;
    if (I + 1 < Of.size() && Of[I + 1].first == Of[I].first)
      continue;
    Series.push_back({Of[I].first, uint32_t(std::max<int64_t>(Count, 0))});
  }
  return Series;
}

/// Each dispatch's waves in flight over time, and each of its SEs' when it
/// ran on several: +1 at a launch, -1 at a retirement, on the slots the
/// record filter accepts (its time window does not cut the counter: a wave
/// launched before it is still in flight).
void wavesInFlight(const Occupancy &Occ, const RecordFilter &Filter, DirResult &Result) {
  std::map<int64_t, std::vector<std::pair<int64_t, int>>> Steps;
  std::map<std::pair<int64_t, uint32_t>, std::vector<std::pair<int64_t, int>>> PerSE;
  RecordFilter SlotsOnly = Filter;
  SlotsOnly.TimeBegin = INT64_MIN, SlotsOnly.TimeEnd = INT64_MAX;
  for (const auto &[Slot, Spans] : Occ.Spans) {
    Record R;
    R.CU = uint8_t(slotCU(Slot)), R.SIMD = uint8_t(slotSIMD(Slot)), R.Wave = uint8_t(slotWave(Slot));
    if (!SlotsOnly.accepts(slotSE(Slot), R))
      continue;
    for (const WaveSpan &S : Spans)
      for (auto *Of : {&Steps[S.Dispatch], &PerSE[{S.Dispatch, slotSE(Slot)}]}) {
        Of->push_back({S.Launch, 1});
        if (S.Retire != INT64_MAX)
          Of->push_back({S.Retire, -1});
      }
  }
  for (auto &[Dispatch, Of] : Steps)
    Result.WavesInFlight[Dispatch] = countSteps(Of);
  std::map<int64_t, size_t> Engines;
  for (auto &[Key, Of] : PerSE)
    ++Engines[Key.first];
  for (auto &[Key, Of] : PerSE)
    if (Engines[Key.first] > 1)
      Result.WavesInFlightPerSE[Key] = countSteps(Of);
}

/// What a directory's line counts: occupancy.json's waves, and each
/// dispatch with waves once (occupancy.json also names kernels that ran
/// elsewhere).
void countWavesAndDispatches(const Occupancy &Occ, DirResult &Result) {
  for (const auto &[Slot, Spans] : Occ.Spans)
    for (const WaveSpan &S : Spans)
      if (auto Name = Occ.Dispatches.find(S.Dispatch);
          Name != Occ.Dispatches.end() && !Name->second.empty() && Name->second.rfind("0 /", 0) != 0)
        Result.KernelIds.insert(S.Dispatch);
  Result.WaveCount = Occ.waveCount();
}

/// The runs of \p Runs that are waves of occupancy.json (the runs of a slot
/// it has no wave on are records outside any wave).
uint64_t wavesOfRuns(const std::vector<WaveRun> &Runs, const Occupancy &Occ) {
  uint64_t N = 0;
  for (const WaveRun &Run : Runs)
    if (auto Slot = Occ.Spans.find(Run.Wave.Slot); Slot != Occ.Spans.end() && Run.Wave.Instance < Slot->second.size())
      ++N;
  return N;
}

} // namespace

DirResult TraceAnalyzer::analyze(TraceSource &Source, uint32_t DirIndex, MarkerResolver &Using,
                                 std::vector<std::string> &Warnings) {
  Occupancy Occ = Source.occupancy();
  std::optional<TracedKernel> Traced = Source.tracedKernel();
  // Every SE's times on one axis, the first SE's counter (D26).
  std::optional<CaptureClock> Clock = Source.clock();
  if (Clock) {
    alignOccupancy(Occ, *Clock);
    // Engines with waves but no samples keep their own origin: the note
    // names them (D35). (An engine without waves has nothing to align.)
    std::set<uint32_t> Engines;
    for (const auto &[Slot, Spans] : Occ.Spans)
      Engines.insert(slotSE(Slot));
    for (uint32_t SE : Engines)
      if (!Clock->Offset.count(SE))
        Clock->Unaligned.push_back(SE);
  }
  std::optional<InstructionCapture> Capture;
  size_t WaveFiles = 0;
  if (Options.Build.Instructions || Options.InstructionSlices) {
    Capture = Source.instructions(Clock ? &*Clock : nullptr);
    WaveFiles = Capture->Waves.size();
    restrictCapture(*Capture, Options.Filter);
  }
  const std::vector<uint32_t> &SEs = Source.engines();
  auto Load = [&](size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files, TimeOrderFindings &Found) {
    Source.readEngineFiles(E, Records, Files);
    Found = findTimeDisorder(SEs[E], Records, Files); // as written: before the alignment
    if (Clock)
      if (auto It = Clock->Offset.find(SEs[E]); It != Clock->Offset.end() && It->second != 0) {
        for (Record &Rec : Records)
          Rec.Time += It->second;
        Found.shift(It->second);
      }
  };
  DirResult R = analyzeEngines(Source.name(), DirIndex, Occ, Traced, SEs, Load, Using, Warnings,
                               Capture ? &*Capture : nullptr);
  R.Clock = std::move(Clock);
  R.Counts.SkippedFiles = Source.skippedFiles();
  R.WaveFiles = WaveFiles; // read, whether or not the filters keep them
  return R;
}

DirResult TraceAnalyzer::analyzeRecords(const std::string &Name, uint32_t DirIndex, const Occupancy &Occ,
                                        const std::vector<MemoryTraceSource::Engine> &Engines,
                                        std::vector<std::string> &Warnings,
                                        const std::optional<TracedKernel> &Traced,
                                        const InstructionCapture *Capture) {
  MemoryTraceSource Source(Name, Occ, Engines, Traced,
                           Capture ? std::optional<InstructionCapture>(*Capture) : std::nullopt);
  return analyze(Source, DirIndex, Resolver, Warnings);
}

namespace {

/// Calls \p Fn with the consumers that are present, so that the wave walk
/// is instantiated for exactly the set a tool asked for.
template <class Fn> void withPresent(Fn &&F) { F(); }
template <class Fn, class First, class... Rest>
void withPresent(Fn &&F, std::optional<First> &C, std::optional<Rest> &...Others) {
  if (C)
    withPresent([&](auto &...Got) { F(*C, Got...); }, Others...);
  else
    withPresent(F, Others...);
}

/// An engine's records, read and in time order, with where each file's
/// begin and what the files hold out of time order.
struct EngineRead {
  std::vector<Record> Records;
  std::vector<RecordFile> Files;
  TimeOrderFindings Disorder;
};

/// Reads a directory's engines in turn. Reading touches nothing the analysis
/// shares, so with a spare core (\p Ahead) the next engine is read while
/// this one is analysed (one more engine's records in memory). The buffers
/// are reused from engine to engine: fresh ones cost a page fault and a
/// zeroed page per 4 KiB every time.
class EngineReader {
public:
  using Loader = std::function<void(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files,
                                    TimeOrderFindings &Found)>;
  EngineReader(const Loader &Load, size_t Engines, bool Ahead) : Load(Load), Engines(Engines), Ahead(Ahead) {
    if (Ahead && Engines)
      Next = std::async(std::launch::async, readNow, std::cref(Load), size_t(0), std::vector<Record>());
  }
  /// Engine \p E's records; engines are read from 0 up, one call each.
  EngineRead read(size_t E) {
    EngineRead Read = Next.valid() ? Next.get() : readNow(Load, E, std::move(Spare));
    if (Ahead && E + 1 < Engines)
      Next = std::async(std::launch::async, readNow, std::cref(Load), E + 1, std::move(Spare));
    return Read;
  }
  /// Hands a read's records back, their memory for a later read.
  void recycle(std::vector<Record> &&Records) { Spare = std::move(Records); }

private:
  static EngineRead readNow(const Loader &Load, size_t E, std::vector<Record> Records) {
    EngineRead Read;
    Records.clear();
    Load(E, Records, Read.Files, Read.Disorder);
    auto ByTime = [](const Record &A, const Record &B) { return A.Time < B.Time; };
    if (!std::is_sorted(Records.begin(), Records.end(), ByTime))
      std::stable_sort(Records.begin(), Records.end(), ByTime);
    Read.Records = std::move(Records);
    return Read;
  }

  const Loader &Load;
  size_t Engines;
  bool Ahead;
  std::future<EngineRead> Next;
  std::vector<Record> Spare;
};

/// Groups every record of engine \p SE's \p Records (a copy: grouping
/// overwrites their slot fields) into \p Out, whatever the filters keep.
const SlotGroups &groupEveryRecord(uint32_t SE, const std::vector<Record> &Records, SlotGroups &Out) {
  std::vector<Record> Every = Records;
  RecordCounts Uncounted; // the analysis counts them as it groups them
  groupBySlot(SE, Every, nullptr, Uncounted, Out);
  return Out;
}

} // namespace

DirResult TraceAnalyzer::analyzeEngines(const std::string &Dir, uint32_t DirIndex,
                                        const Occupancy &Occ, const std::optional<TracedKernel> &Traced,
                                        const std::vector<uint32_t> &SEs, const EngineLoader &Load,
                                        MarkerResolver &Resolver, std::vector<std::string> &Warnings,
                                        const InstructionCapture *Capture) {
  DirResult Result;
  Result.Dir = Dir;
  Result.Events.setMemoryBudget(Options.EventMemoryBudget);
  RecordCounts &Counts = Result.Counts;
  Counts.ImpossibleOccupancyRows = Occ.impossibleRows();
  Counts.OddOccupancyRows = Occ.oddRows();
  countWavesAndDispatches(Occ, Result);

  const AnalysisOptions::Outputs &Build = Options.Build;
  DispatchTable Dispatches(Occ, Traced, Resolver, Names, Options.KernelRegex, Options.Dispatch);
  if (Traced)
    if (std::optional<std::string> W =
            labelRowDecidesForSeveral(Dir, Occ, *Traced, Resolver.codeObjectsOfKernel(Traced->Symbol)))
      Warnings.push_back(*W);
  std::optional<RecordSelection> Selection;
  const std::set<WaveLaunch> *Excluded = Options.Exclude ? Options.Exclude->forDir(Dir) : nullptr;
  if (Options.filtered())
    Selection.emplace(Options, Occ, Dispatches, Result.Passed, Excluded);

  std::optional<ProfileConsumer> ProfileOut;
  std::optional<StatsConsumer> StatsOut;
  std::optional<TimelineConsumer> TimelineOut;
  std::optional<InstructionConsumer> InstructionsOut;
  if (Build.Profile)
    // A time window cuts scopes but not wave lifetimes: no kernel self time.
    ProfileOut.emplace(Profile, Names, Resolver, Options.KernelSelfTime && !Options.Filter.timed());
  std::unordered_map<uint64_t, uint64_t> ScopedOf; // traced waves' scoped cycles
  const uint32_t DirName = Names.intern(Dir);
  if (Build.Stats)
    StatsOut.emplace(Result.Stats, DirName, Dispatches.noKernel(), ScopedOf);
  if (Build.Timeline) {
    TimelineOut.emplace(Result, Resolver, Names.intern(""), Options.InstructionSlices ? Capture : nullptr, Names);
    wavesInFlight(Occ, Options.Filter, Result);
  }
  if (Capture)
    Result.WaveFiles = Capture->Waves.size();
  if (Build.Instructions && Capture)
    InstructionsOut.emplace(*Capture, Names, Dispatches, Result.Instructions, DirName);
  // Address traces go to the store slot by slot; they are put in order (by
  // each slot's first record) once every engine is done.
  std::vector<std::pair<OrderKey, AddressStore::Range>> AddressSlots;
  const RecordBlocks::Wants Wanted{Build.Timeline || Build.Stats, Build.Addresses || Options.AddressTraces};

  EngineReader Reader(Load, SEs.size(), Options.ReadAhead);
  SlotGroups Groups;
  RecordBlocks Blocks;
  uint64_t WaveSerial = 0;

  for (size_t E = 0; E < SEs.size(); ++E) {
    if (Options.EngineProgress)
      Options.EngineProgress(E, SEs.size());
    const uint32_t SE = SEs[E];
    EngineRead Read = Reader.read(E);
    std::vector<Record> Records = std::move(Read.Records);
    Counts.RecordsRead += Records.size();
    reportTimeDisorder(Read.Disorder, Read.Files, Occ, Dispatches, Counts, Warnings);

    if (Options.EngineRecords && Selection) // a check follows whole waves: the filtered records too
      Options.EngineRecords({DirIndex, SE, Occ, Traced, groupEveryRecord(SE, Records, Groups)});
    groupBySlot(SE, Records, Selection ? &*Selection : nullptr, Counts, Groups);
    Reader.recycle(std::move(Records));
    if (Options.EngineRecords && !Selection)
      Options.EngineRecords({DirIndex, SE, Occ, Traced, Groups});
    Result.Slots += Groups.Slots.size();

    Blocks.run(SE, Groups, Occ, Dispatches, Resolver, Wanted, Counts,
               [&](size_t Slot, std::vector<AddressTrace> &Traces) {
                 if (Options.AddressTraces)
                   return Options.AddressTraces(Traces);
                 const SlotRecord &First = Groups.Stream[Groups.Start[Slot]];
                 AddressSlots.push_back({{DirIndex, First.Time, uint32_t(E), First.Origin, 0},
                                         Result.Addresses.append(Traces)});
               });

    std::vector<WaveRun> Runs = waveRuns(Groups, Blocks.headerEnd(), Occ);
    Result.MarkerWaves += wavesOfRuns(Runs, Occ);
    const EngineHeaders Headers{Groups, Blocks, Runs, DirIndex, uint32_t(E)};
    withPresent(
        [&](auto &...Consumers) {
          walkWaves(Headers, Occ, Dispatches, Resolver, Counts, WaveSerial, Consumers...);
        },
        ProfileOut, StatsOut, TimelineOut, InstructionsOut);
    if (TimelineOut)
      TimelineOut->endEngine();
  }

  if (Counts.RecordsRead == 0 && (ProfileOut || TimelineOut)) {
    // A capture without markers (D29): its waves are what it shows.
    std::vector<WaveTime> Waves = occupancyWaves(Occ, Dispatches, Options.Filter, {}, DirName, Excluded);
    if (ProfileOut && Options.KernelSelfTime && !Options.Filter.timed())
      ProfileOut->markerlessWaves(Waves, Dispatches, DirIndex);
    if (TimelineOut)
      TimelineOut->markerlessWaves(Waves, Occ, Dispatches, DirIndex);
  } else if (TimelineOut) {
    // With markers, a wave that recorded none still ran: its track too.
    TimelineOut->markerlessWaves(occupancyWaves(Occ, Dispatches, Options.Filter, {}, DirName, Excluded), Occ, Dispatches,
                                 DirIndex);
  }
  if (TimelineOut)
    TimelineOut->finish();
  if (InstructionsOut)
    InstructionsOut->finish(Occ, WaveSerial);
  if (Build.Stats)
    Result.WaveTimes = occupancyWaves(Occ, Dispatches, Options.Filter,
                                      Options.Filter.timed() ? decltype(ScopedOf)() : ScopedOf, DirName, Excluded);
  std::sort(AddressSlots.begin(), AddressSlots.end(),
            [](const auto &A, const auto &B) { return A.first < B.first; });
  for (auto &[Key, Range] : AddressSlots)
    Result.AddressSlots.push_back(Range);
  for (const std::string &P : Dispatches.problems()) {
    Warnings.push_back(Dir + ": " + P + " (shown as event#<id>)");
    Result.Unresolved.push_back(P);
  }
  return Result;
}

void TraceAnalyzer::splitHeaders(TraceSource &Source, MarkerResolver &Using,
                                 const std::function<void(const EngineSplit &)> &Fn) {
  Occupancy Occ = Source.occupancy();
  std::optional<TracedKernel> Traced = Source.tracedKernel();
  DispatchTable Dispatches(Occ, Traced, Using, Names, "", -1);
  RecordCounts Counts;
  SlotGroups Groups;
  RecordBlocks Blocks;
  for (size_t E = 0; E < Source.engines().size(); ++E) {
    EngineSplit S;
    S.SE = Source.engines()[E];
    Source.readEngine(E, S.Records);
    std::stable_sort(S.Records.begin(), S.Records.end(),
                     [](const Record &A, const Record &B) { return A.Time < B.Time; });
    // The stages run on a copy: grouping overwrites the records' slot fields.
    std::vector<Record> Work = S.Records;
    groupBySlot(S.SE, Work, nullptr, Counts, Groups);
    Blocks.run(S.SE, Groups, Occ, Dispatches, Using, {}, Counts, [](size_t, std::vector<AddressTrace> &) {});
    S.Header.assign(S.Records.size(), false);
    for (size_t Slot = 0; Slot < Groups.Slots.size(); ++Slot)
      for (uint32_t I = Groups.Start[Slot]; I < Blocks.headerEnd()[Slot]; ++I)
        S.Header[Groups.Stream[I].Origin] = true;
    Fn(S);
  }
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
