// TraceCompleteness.h - whether each wave of a trace recorded everything its
// code says it must (D31, sqtt-verify --trace).
//
// Every wave instance of every traced dispatch (occupancy's launch to end)
// has its records matched with the record automaton of its kernel for its
// hardware ids (RecordAutomaton.h). A wave is complete when the automaton
// accepts its records and may end after the last one. Else the first
// deviation is kept: the record index and the time of the last record that
// matched, what the code allowed there and what came, and the likely cause.
#pragma once

#include "sqtt/session/TraceSession.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sqtt::completeness {

enum class GapCause {
  None,
  /// A record the code produces later came first, or the wave ended early:
  /// records in between were lost.
  Loss,
  /// The trace ends while the wave still runs.
  TraceEnd,
  /// A record no path of the code explains here: another code object's map
  /// or another producer of s_ttracedata.
  Unexplained,
};
/// "loss", "trace-end", "unexplained" (what reports call a cause).
inline const char *gapCauseName(GapCause C) {
  switch (C) {
  case GapCause::None: return "none";
  case GapCause::Loss: return "loss";
  case GapCause::TraceEnd: return "trace-end";
  case GapCause::Unexplained: return "unexplained";
  }
  return "?";
}

struct WaveVerdict {
  // The directory and kernel by index into CompletenessReport's Dirs and
  // Kernels: as strings of every wave they took most of a report's memory.
  uint32_t Dir = 0;
  uint32_t SE = 0, CU = 0, SIMD = 0, Slot = 0;
  int64_t Begin = 0;         // launch, cycles
  int64_t Dispatch = 0;      // occupancy kernel_id
  uint32_t Kernel = 0;
  uint64_t Records = 0;      // records the wave has in the trace
  bool Complete = true;
  // The first deviation of an incomplete wave:
  int64_t GapTime = 0;       // the last record that matched (the launch if none)
  uint64_t GapIndex = 0;     // the index of the record that deviates (Records: at the end)
  std::string Expected, Got;
  GapCause Cause = GapCause::None;
};

/// Waves of one group (a dispatch, kernel, SE or CU): checked and complete.
struct Tally {
  uint64_t Waves = 0, Complete = 0;
  int64_t FirstGap = INT64_MAX; // the earliest gap time of an incomplete wave
  double completePercent() const { return Waves ? 100.0 * double(Complete) / double(Waves) : 100.0; }
  void add(const WaveVerdict &W) {
    ++Waves;
    Complete += W.Complete;
    if (!W.Complete && W.GapTime < FirstGap)
      FirstGap = W.GapTime;
  }
};

struct CompletenessReport {
  std::vector<WaveVerdict> Waves; // checked waves, by directory, SE, slot and launch
  /// What the waves' Dir and Kernel index.
  std::vector<std::string> Dirs, Kernels;
  const std::string &dirOf(const WaveVerdict &W) const { return Dirs[W.Dir]; }
  const std::string &kernelOf(const WaveVerdict &W) const { return Kernels[W.Kernel]; }
  /// Waves that could not be checked and why ("12 waves of dispatch 3: its
  /// code object is not known"), and what was assumed.
  std::vector<std::string> Unchecked, Notes;
  uint64_t UncheckedWaves = 0;
  /// Of those, the waves of kernels built without the plugin (no map):
  /// nothing in their code records, so nothing is missing.
  uint64_t WithoutPluginWaves = 0;
  std::map<std::string, Tally> ByDispatch, ByKernel; // dispatch: "DIR: ID NAME"
  std::map<uint32_t, Tally> BySE;
  std::map<std::pair<uint32_t, uint32_t>, Tally> ByCU; // (SE, CU)
  Tally Total;
};

/// Checks every trace directory of \p Session (its code objects loaded).
/// Progress per directory goes to \p Progress (if given); problems with
/// files to \p Warn.
CompletenessReport checkTrace(TraceSession &Session, const std::function<void(const std::string &)> &Warn,
                              const std::function<void(size_t Dir, size_t Dirs)> &Progress = nullptr);

/// The same check fed with each shader engine's records as an analysis of
/// the session reads them (checkTrace's own, or sqtt-triage's, which so
/// reads each record once). engine() may be called from several threads;
/// directories whose engines never come are checked as having recorded
/// nothing.
class StreamingCheck {
public:
  StreamingCheck(TraceSession &Session, const std::function<void(const std::string &)> &Warn);
  ~StreamingCheck();
  /// Has the analysis run with \p A hand this check every engine's records.
  void feedFrom(AnalysisOptions &A);
  /// One engine of a directory (its index in traceDirs()), as grouped by the
  /// analysis.
  void engine(const AnalysisOptions::EngineView &V);
  /// The report, directories in the session's order.
  CompletenessReport finish();

private:
  struct State;
  TraceSession &Session;
  std::unique_ptr<State> S;
};

} // namespace sqtt::completeness
