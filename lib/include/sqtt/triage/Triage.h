// Triage.h - what sqtt-triage measures and how it turns the measurements
// into ranked findings (D36).
//
// The measurements are the library's own analyses, gathered from one pass
// of the session's analysis (scope statistics with each wave's cycles per
// scope, wave lifetimes and waves in flight, the memory summary of address
// traces, the per-scope instruction detail) and from the checks that need
// the ISA model (completeness, the markers' share, the perturbation of a
// plain build). Nothing here recomputes what those analyses compute: each
// kind of finding (lib/src/triage/, one file per concern) reads them and
// applies its rule (Thresholds.h).
#pragma once

#include "sqtt/completeness/InstrumentationShare.h"
#include "sqtt/completeness/TraceCompleteness.h"
#include "sqtt/perturbation/Perturbation.h"
#include "sqtt/session/TraceSession.h"
#include "sqtt/trace/InstructionStats.h"
#include "sqtt/trace/MemorySummary.h"
#include "sqtt/trace/ScopeStats.h"
#include "sqtt/triage/Findings.h"

#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sqtt::triage {

/// One dispatch of one trace directory: its span and how its waves filled
/// the slots (from occupancy).
struct DispatchShape {
  uint32_t Dir = 0; // interned trace directory
  int64_t Dispatch = 0; // occupancy's kernel id within the directory
  /// rocprofv3's dispatch number, from the directory's name, when it has one.
  std::optional<int64_t> DirectoryDispatch;
  uint32_t Kernel = 0; // interned display name
  int64_t Begin = 0, End = 0;
  size_t Waves = 0;
  uint64_t Records = 0; // its directory's: a tool narrowed to it needs some
  /// Waves in flight at each change, in time order (the analysis').
  std::vector<std::pair<int64_t, uint32_t>> InFlight;
  int64_t span() const { return End > Begin ? End - Begin : 0; }
  /// The number findings give (what --dispatch takes): the directory's
  /// dispatch number, else the kernel id.
  int64_t number() const { return DirectoryDispatch.value_or(Dispatch); }
};

/// Everything one capture's analyses measured.
struct Measurements {
  explicit Measurements(NameTable &Names) : Names(Names), Memory(Names) {
    Memory.countUniqueAddresses(false); // no finding shows them
  }
  NameTable &Names;
  RecordCounts Counts;
  bool HasMarkers = false;   // any marker record was attributed
  ScopeStats Scopes;
  /// The folded stacks (the analysis fills it), and from them each (kernel,
  /// scope)'s path from the kernel, joined by ';' (finish()).
  FoldedProfile Profile;
  std::map<std::pair<std::string, std::string>, std::string> ScopePaths;
  std::vector<WaveTime> Waves; // lifetimes from occupancy
  std::map<std::pair<uint32_t, int64_t>, DispatchShape> Dispatches; // by (dir, dispatch)
  MemorySummary Memory;
  uint64_t AddressTraces = 0;
  std::mutex MemoryLock; // the analysis may summarise several directories at once
  InstructionStats Instructions;
  uint64_t WaveFiles = 0;
  /// Clocks: per directory, what aligned it (empty: no samples).
  std::vector<std::pair<std::string, std::optional<CaptureClock>>> Clocks;
  std::optional<completeness::CompletenessReport> Completeness;
  std::vector<completeness::ScopeShare> Shares; // the markers' share per scope, largest first
  std::string SharesNote;                        // why there are none, when there are none
  std::optional<perturbation::PerturbationReport> Perturbation;
  /// Per wait line (code object, address) of the instruction detail: its
  /// stall cycles, and the part no other wave of its SIMD hid by issuing.
  struct StallCycles {
    uint64_t Stall = 0, Unhidden = 0;
  };
  std::map<std::pair<uint64_t, uint64_t>, StallCycles> WaitStalls;
  bool StallsMeasured = false;

  /// Made by finish(): the memory summary's and the instruction detail's rows.
  std::vector<MemorySummaryRow> MemoryRows;
  std::vector<InstructionRow> InstructionRows;

  /// Has the analysis with options \p A summarise its address traces into
  /// Memory as it decodes them.
  void summariseAddressTraces(AnalysisOptions &A);
  /// Adds one directory's result of the session's analysis (the outputs
  /// analysisOutputs() asks for).
  void consume(DirResult &R);
  /// Once every directory is consumed: the rows the findings read.
  void finish();
};

/// "file:line" of a source location as maps and code.json spell it (an
/// inline chain "a.h:3 -> k.hip:59" gives the kernel's own line, the last;
/// a column is dropped); nullopt when there is none.
std::optional<std::string> sourceLine(const std::string &Location);

/// The analysis outputs triage reads.
AnalysisOptions::Outputs analysisOutputs();

/// The plugin's instructions' share of each traced scope (needs the
/// session's code objects and M's scope statistics).
void measureInstrumentationShare(Measurements &M, TraceSession &Session);
/// The unhidden part of every wait's stalls, from the wave files read
/// again (HiddenStalls.cpp); nothing without wave files.
void measureHiddenStalls(Measurements &M, TraceSession &Session);
/// Compares the plain build \p Plain with the instrumented code objects
/// \p Instrumented (the trace's), kernel by kernel (D38).
void measurePerturbation(Measurements &M, const std::vector<std::string> &Plain,
                         const std::vector<std::string> &Instrumented);

struct TriageOptions {
  std::string TracePath;    // as the user gave it: the verify commands use it
  std::string BaselinePath; // "" without --baseline
  std::vector<std::string> CodeObjects, Plain; // -c, --plain as given
  std::optional<int64_t> Dispatch;
  bool Demangle = false; // -d: kernel names as displayed, so the commands' --kernel matches them
};

/// The verdict: every kind's findings, root causes folded, ranked.
TriageReport triage(const Measurements &M, const Measurements *Baseline, const TriageOptions &Options);

} // namespace sqtt::triage
