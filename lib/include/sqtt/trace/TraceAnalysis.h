// TraceAnalysis.h - from a trace directory's records to what the tools show.
//
// The analysis runs in stages, one shader engine at a time (lib/src/trace/
// analysis): the records are read and put in time order; grouped by wave
// slot, without trap-handler and filtered records (SlotGrouping); address
// blocks are cut out and payloads skipped (RecordBlocks); each slot's
// headers are cut into wave instances, and one walk per instance feeds the
// consumers of the outputs asked for (WaveWalk: the folded profile, the
// scope statistics, the timeline). Every record that cannot be attributed is
// counted (D10). The results are data: names and numbering for viewers are
// the writers' (lib/src/writers).
#pragma once

#include "sqtt/trace/AddressStore.h"
#include "sqtt/trace/AddressTrace.h"
#include "sqtt/trace/EventStore.h"
#include "sqtt/trace/FoldedProfile.h"
#include "sqtt/trace/InstructionStats.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/trace/SlotGroups.h"
#include "sqtt/trace/WaveExclusions.h"
#include "sqtt/trace/CaptureClock.h"
#include "sqtt/trace/Occupancy.h"
#include "sqtt/trace/TraceSource.h"

#include <cstdint>
#include <functional>
#include <array>
#include <map>
#include <set>
#include <optional>
#include <tuple>
#include <string>
#include <unordered_map>
#include <vector>

namespace sqtt {

struct TimeOrderFindings;

/// Every record read, by what became of it: attributed (headers by kind,
/// payloads, address blocks) or not (unknown IDs, unmatched exits, records
/// outside any wave, truncated blocks) or dropped on purpose (D10).
struct RecordCounts {
  uint64_t RecordsRead = 0;
  uint64_t PrivRecords = 0;
  uint64_t Filtered = 0;
  uint64_t Headers = 0;
  uint64_t FunctionMarkers = 0, UserMarkers = 0, PointMarkers = 0, BareExits = 0;
  uint64_t UnknownIDs = 0;
  uint64_t Noops = 0;
  uint64_t PayloadRecords = 0;
  uint64_t TruncatedPayloads = 0;
  uint64_t AddressBlocks = 0;
  uint64_t TruncatedAddressBlocks = 0;
  uint64_t BadWaveSize = 0;
  uint64_t UnmatchedExits = 0;
  uint64_t OpenAtWaveEnd = 0;
  uint64_t OutsideAnyWave = 0;
  uint64_t DispatchChanges = 0;
  uint64_t ImpossibleOccupancyRows = 0; // Occupancy::impossibleRows()
  uint64_t OddOccupancyRows = 0;        // Occupancy::oddRows()
  uint64_t SkippedFiles = 0;            // TraceSource::skippedFiles(): engines not read
  /// Records earlier than the record their wave slot wrote before them in
  /// the same file (paired in time order, not as written), and records with
  /// a negative time: analysis/TimeOrder.h.
  uint64_t OutOfTimeOrder = 0, NegativeTimes = 0;

  void add(const RecordCounts &O);
};

/// The events of one wave instance: a range of the directory's EventStore.
struct WaveEvents {
  WaveRef Wave;
  uint64_t Begin, End; // EventStore::Range
};

/// A dispatch that has timeline events: what the writers name it by.
struct DispatchSummary {
  std::string OccupancyName; // as occupancy.json spells it
  std::string Kernel;        // display name of its kernel, "" when unknown
  std::optional<uint64_t> CodeObject;
};

/// The command-line filters, each on its own: how many records it alone let
/// through, so a filter that matches nothing can be named.
enum FilterKind { FilterSE, FilterCU, FilterSIMD, FilterWave, FilterTime, FilterKernel, FilterDispatch,
                  FilterComplete, FilterKinds };
using FilterTally = std::array<uint64_t, FilterKinds>;

struct DirResult {
  std::string Dir;
  /// The capture's clocks (realtime.json), when it has them: every time in
  /// this result is on the first SE's counter, shifted by Clock->Offset.
  std::optional<CaptureClock> Clock;
  /// What each record read became (D10: nothing is dropped uncounted).
  RecordCounts Counts;
  FilterTally Passed{}; // per filter, when any filter is active
  /// Kernels whose markers stay unknown, with the reason (D17).
  std::vector<std::string> Unresolved;
  ScopeStats Stats;
  /// Every wave of occupancy.json in the dispatches and slots the filters
  /// keep, with its scoped time (built with the statistics).
  std::vector<WaveTime> WaveTimes;
  /// Per-scope instruction detail of the waves with wave files, and how
  /// many wave files the directory has, whether or not the filters keep
  /// them (built with Build.Instructions or InstructionSlices).
  InstructionStats Instructions;
  uint64_t WaveFiles = 0;
  /// The waves of occupancy.json, those of them that recorded markers, and
  /// the wave slots with records.
  uint64_t WaveCount = 0, MarkerWaves = 0, Slots = 0;
  /// The dispatches with waves here, by occupancy.json's kernel id (each
  /// once: occupancy.json also names kernels that ran elsewhere; what
  /// --dispatch also takes).
  std::set<int64_t> KernelIds;
  /// Timeline events, engine by engine in processing order; Waves gives
  /// the output order (by first header across engines).
  EventStore Events;
  std::vector<WaveEvents> Waves;
  /// Every (dispatch, wave instance) with events, in that order; dispatch 0
  /// holds records outside any dispatch.
  std::vector<std::pair<int64_t, WaveRef>> DispatchWaves;
  std::map<int64_t, DispatchSummary> EventDispatches;
  /// Per dispatch, from occupancy (slots the record filter accepts): the
  /// number of its waves in flight at each change, in time order.
  std::map<int64_t, std::vector<std::pair<int64_t, uint32_t>>> WavesInFlight;
  /// The same per (dispatch, shader engine), for dispatches on several SEs
  /// (one SE's series would repeat the dispatch's).
  std::map<std::pair<int64_t, uint32_t>, std::vector<std::pair<int64_t, uint32_t>>> WavesInFlightPerSE;
  /// Address traces, slot by slot in a temporary file; AddressSlots gives
  /// the output order. Read them with forEachAddressTrace.
  AddressStore Addresses;
  std::vector<AddressStore::Range> AddressSlots;
};

/// Calls \p Fn with every address trace of \p Dir in output order (the
/// reference's: slots by their first record), one slot in memory at a time.
void forEachAddressTrace(const DirResult &Dir, const std::function<void(const AddressTrace &)> &Fn);

struct AnalysisOptions {
  RecordFilter Filter;
  /// Only records of dispatches whose kernel matches (std::regex, searched
  /// in the occupancy name and the kernel's display name) / of this ID.
  std::string KernelRegex;
  int64_t Dispatch = -1;
  /// Waves left out (--complete-only: the incomplete ones of a report of
  /// sqtt-verify --trace), their records and lifetimes alike.
  const WaveExclusions *Exclude = nullptr;
  bool filtered() const { return Filter.active() || !KernelRegex.empty() || Dispatch >= 0 || Exclude; }
  /// The outputs to build; each is one consumer of the wave walk (or, for
  /// addresses, of the block stage), so an output not asked for costs
  /// nothing. A new output is a new consumer and a member here.
  struct Outputs {
    bool Profile = false;   // FoldedProfile: TraceAnalyzer::profile()
    bool Stats = false;     // DirResult::Stats
    bool Timeline = false;  // DirResult::Events, Waves, DispatchWaves, EventDispatches
    bool Addresses = false; // DirResult::Addresses, AddressSlots
    bool Instructions = false; // DirResult::Instructions, WaveFiles
  } Build;
  /// The timeline shows the capture's instructions as slices under the
  /// scopes of their waves (DirResult::WaveFiles counts the files read).
  bool InstructionSlices = false;
  /// The profile's kernel frame gets each traced wave's lifetime less its
  /// scoped time (D25); off gives the reference's folded stacks. A time
  /// window (Filter.timed()) turns it off: it cuts scopes, not lifetimes.
  bool KernelSelfTime = true;
  /// Encoded timeline events each directory keeps in memory before its
  /// store spills to a temporary file (EventStore).
  size_t EventMemoryBudget = EventStore::DefaultMemoryBudget;
  /// Read the next shader engine on another thread while analysing one.
  bool ReadAhead = false;
  /// Called on the analysing thread before each shader engine (index, count).
  std::function<void(size_t Engine, size_t Engines)> EngineProgress;
  /// One shader engine's records as the analysis reads them, for a check
  /// that follows every wave (sqtt-triage's and sqtt-verify --trace's
  /// completeness check) without reading the trace again. Called on the
  /// analysing thread, engine by engine.
  struct EngineView {
    uint32_t DirIndex, SE;
    /// The directory's waves, on the records' time axis (aligned, D26).
    const Occupancy &Occ;
    const std::optional<TracedKernel> &Traced;
    /// Every record but the trap handler's, by slot in time order: payload
    /// words and records the filters leave out too.
    const SlotGroups &Groups;
  };
  std::function<void(const EngineView &)> EngineRecords;
  /// Called with each slot's address traces as the block stage decodes them,
  /// on the analysing thread, instead of keeping them in DirResult's store
  /// (Build.Addresses): for a reader that only summarises them (sqtt-triage).
  std::function<void(const std::vector<AddressTrace> &Traces)> AddressTraces;
};

class TraceAnalyzer {
public:
  TraceAnalyzer(MarkerResolver &Resolver, NameTable &Names, AnalysisOptions Options)
      : Resolver(Resolver), Names(Names), Options(Options) {}

  /// Analyzes one trace directory, read from \p Source whatever its format,
  /// with \p Using's code objects (those of the directory's process, D23);
  /// folded stacks accumulate across calls. Shader engines are processed one
  /// at a time (with ReadAhead, the next one is read meanwhile), so memory
  /// follows the largest engine or two, not the whole directory.
  DirResult analyze(TraceSource &Source, uint32_t DirIndex, MarkerResolver &Using,
                    std::vector<std::string> &Warnings);
  /// The same with the analyzer's own resolver.
  DirResult analyze(TraceSource &Source, uint32_t DirIndex, std::vector<std::string> &Warnings) {
    return analyze(Source, DirIndex, Resolver, Warnings);
  }

  /// The same analysis on records already in memory (tests, fuzzing): one
  /// entry per engine, in processing order, each engine's records in file
  /// order (a MemoryTraceSource). \p Traced stands for the directory's
  /// code.json label row (D22), \p Capture for its wave files and code.json
  /// rows.
  using EngineRecords = MemoryTraceSource::Engine;
  DirResult analyzeRecords(const std::string &Name, uint32_t DirIndex, const Occupancy &Occ,
                           const std::vector<EngineRecords> &Engines,
                           std::vector<std::string> &Warnings,
                           const std::optional<TracedKernel> &Traced = std::nullopt,
                           const InstructionCapture *Capture = nullptr);

  const FoldedProfile &profile() const { return Profile; }

  /// One shader engine's records in time order (as recorded: no SE
  /// alignment) and, per record, whether it is a marker header; the others
  /// are payload words, address blocks and trap-handler records.
  struct EngineSplit {
    uint32_t SE = 0;
    std::vector<Record> Records;
    std::vector<bool> Header;
  };
  /// Calls \p Fn with each shader engine of \p Source, split with
  /// \p Using's maps (each dispatch decoded with its own code object's, D17).
  void splitHeaders(TraceSource &Source, MarkerResolver &Using, const std::function<void(const EngineSplit &)> &Fn);

private:
  /// Appends engine \p E's records, with where each file's begin and what
  /// the files hold out of time order (before any clock alignment).
  using EngineLoader = std::function<void(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files,
                                          TimeOrderFindings &Found)>;
  DirResult analyzeEngines(const std::string &Dir, uint32_t DirIndex, const Occupancy &Occ,
                           const std::optional<TracedKernel> &Traced, const std::vector<uint32_t> &SEs,
                           const EngineLoader &Load, MarkerResolver &Resolver,
                           std::vector<std::string> &Warnings, const InstructionCapture *Capture);

  MarkerResolver &Resolver;
  NameTable &Names;
  AnalysisOptions Options;
  FoldedProfile Profile;
};

} // namespace sqtt
