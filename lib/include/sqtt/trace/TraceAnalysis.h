// TraceAnalysis.h - from a trace directory's records to what the tools show.
//
// Per directory: load the records, sort them by arrival time, split them by
// wave slot, drop trap-handler records, skip declared payloads, cut out
// address blocks, number wave instances, then walk each wave instance to
// attribute self time to stacks (flamegraph) and to emit slices and instants
// (Perfetto). Every record that cannot be attributed is counted (D10).
#pragma once

#include "sqtt/trace/AddressStore.h"
#include "sqtt/trace/AddressTrace.h"
#include "sqtt/trace/EventStore.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/trace/TraceFiles.h"

#include <cstdint>
#include <functional>
#include <array>
#include <map>
#include <optional>
#include <tuple>
#include <string>
#include <unordered_map>
#include <vector>

namespace sqtt {

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

  void add(const RecordCounts &O);
};

/// Where an event sits in the reference's processing order: trace
/// directory, then wave instance by its first header in time order (ties by
/// file order), then position within the wave. Engines are processed one at
/// a time, so this order is rebuilt from keys rather than followed.
struct OrderKey {
  uint32_t DirIndex = 0;
  int64_t Time = 0;
  uint32_t Engine = 0;    // in the order of the engines' first files
  uint32_t Position = 0;  // of the wave's first header in its engine
  uint32_t Sequence = 0;  // within the wave
  bool operator<(const OrderKey &O) const {
    return std::tie(DirIndex, Time, Engine, Position, Sequence) <
           std::tie(O.DirIndex, O.Time, O.Engine, O.Position, O.Sequence);
  }
};

/// Self time per stack, in the order stacks first received time.
class FoldedProfile {
public:
  static constexpr uint32_t Root = 0;
  FoldedProfile() { Nodes.push_back({Root, 0, 0, 0, 0, {}}); }

  uint32_t child(uint32_t Parent, uint32_t Name);
  uint32_t parent(uint32_t Node) const { return Nodes[Node].Parent; }
  uint32_t depth(uint32_t Node) const { return Nodes[Node].Depth; }
  void attribute(uint32_t Node, uint64_t Cycles, const OrderKey &When);
  /// Names from the root to \p Node.
  std::vector<uint32_t> path(uint32_t Node) const;
  /// Adds \p Other's time to this profile (stacks matched by their names).
  void merge(const FoldedProfile &Other);

  struct Entry {
    uint32_t Node;
    uint64_t Cycles, Execs;
  };
  /// Stacks with time, in first-attribution order.
  std::vector<Entry> entries() const;

private:
  struct Node {
    uint32_t Parent, Name, Depth;
    uint64_t Cycles, Execs;
    OrderKey First;
  };
  std::vector<Node> Nodes;
  std::unordered_map<uint64_t, uint32_t> Children;
};

/// The events of one wave instance: a range of the directory's EventStore.
struct WaveEvents {
  uint64_t Tid;
  uint64_t Begin, End; // EventStore::Range
};

struct ThreadInfo {
  int64_t Pid;
  uint64_t Tid;
  SlotKey Slot;
  uint32_t Instance;
};

/// The command-line filters, each on its own: how many records it alone let
/// through, so a filter that matches nothing can be named.
enum FilterKind { FilterSE, FilterCU, FilterSIMD, FilterWave, FilterTime, FilterKernel, FilterDispatch,
                  FilterKinds };
using FilterTally = std::array<uint64_t, FilterKinds>;

struct DirResult {
  std::string Dir;
  RecordCounts Loss;
  FilterTally Passed{}; // per filter, when any filter is active
  /// Kernels whose markers stay unknown, with the reason (D17).
  std::vector<std::string> Unresolved;
  ScopeStats Stats;
  uint64_t WaveCount = 0, Slots = 0, Dispatches = 0;
  /// Engine by engine, in processing order; Waves gives the output order.
  EventStore Events;
  std::vector<WaveEvents> Waves;
  std::vector<ThreadInfo> Threads;
  std::map<int64_t, std::string> ProcessNames; // pid -> display name
  /// Per dispatch with events: its kernel's display name and code object.
  std::map<int64_t, std::string> Kernels;
  std::map<int64_t, uint64_t> CodeObjects;
  /// Per dispatch, from occupancy (slots the record filter accepts): the
  /// number of its waves in flight at each change, in time order.
  std::map<int64_t, std::vector<std::pair<int64_t, uint32_t>>> WavesInFlight;
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
  bool filtered() const { return Filter.active() || !KernelRegex.empty() || Dispatch >= 0; }
  bool Folded = false;
  bool Stats = false;
  bool Events = false;
  bool Addresses = false;
  /// Read the next shader engine on another thread while analysing one.
  bool ReadAhead = false;
  /// Called on the analysing thread before each shader engine (index, count).
  std::function<void(size_t Engine, size_t Engines)> EngineProgress;
};

class TraceAnalyzer {
public:
  TraceAnalyzer(MarkerResolver &Resolver, NameTable &Names, AnalysisOptions Options)
      : Resolver(Resolver), Names(Names), Options(Options) {}

  /// Analyzes one trace directory; folded stacks accumulate across calls.
  /// Shader engines are processed one at a time (with ReadAhead, the next one
  /// is read meanwhile), so memory follows the largest engine or two, not the
  /// whole directory.
  DirResult analyze(const std::string &Dir, uint32_t DirIndex, std::vector<std::string> &Warnings);

  /// The same analysis on records already in memory (tests, fuzzing): one
  /// entry per engine, in processing order, each engine's records in file order.
  struct EngineRecords {
    uint32_t SE;
    std::vector<Record> Records;
  };
  DirResult analyzeRecords(const std::string &Name, uint32_t DirIndex, const Occupancy &Occ,
                           const std::vector<EngineRecords> &Engines,
                           std::vector<std::string> &Warnings);

  const FoldedProfile &profile() const { return Profile; }

  /// Perfetto thread id (D8): equal to (cu<<20)|(simd<<16)|(wave<<8)|inst for
  /// SE 0 and instances below 256, unique otherwise.
  static uint64_t threadID(SlotKey Slot, uint32_t Instance);

private:
  /// Appends engine \p E's records.
  using EngineLoader = std::function<void(size_t E, std::vector<Record> &Records)>;
  DirResult analyzeEngines(const std::string &Dir, uint32_t DirIndex, const Occupancy &Occ,
                           const std::vector<uint32_t> &SEs, const EngineLoader &Load,
                           std::vector<std::string> &Warnings);

  MarkerResolver &Resolver;
  NameTable &Names;
  AnalysisOptions Options;
  FoldedProfile Profile;
};

} // namespace sqtt
