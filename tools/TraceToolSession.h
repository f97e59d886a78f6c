// TraceToolSession.h - a trace tool's session: the library's TraceSession,
// worded for the command line. Every line it prints starts with the tool's
// name; errors name the options (TraceToolOptions.h) that explain them; the
// end-of-run summary is D10's: what was read, and what could not be
// attributed.
#pragma once

#include "TraceToolOptions.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/Progress.h"
#include "sqtt/session/TraceSession.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

class TraceToolSession : public TraceSession {
public:
  /// Finds and loads the trace; throws Error when there is nothing to read.
  TraceToolSession(const SessionOptions &Options, const char *Tool, std::ostream &Log)
      : TraceSession(Options, [this](const std::string &W) { warn(W); }), Tool(Tool), Log(Log),
        Progress(Log, Tool) {
    for (const std::string &W : Tree.Warnings) // before any error they may explain
      warn(W);
    for (const std::string &N : Tree.Notes)
      Log << Tool << ": note: " << N << '\n';
    for (const auto &[Pid, Db] : Tree.Rocpd)
      Log << Tool << ": rocprofv3's database " << Db->Path << " (schema " << Db->SchemaVersion << "): "
          << Db->CodeObjects.size() << " code object(s), " << Db->Symbols.size() << " kernel symbol(s), "
          << Db->Dispatches.size() << " dispatch(es)"
          << (Db->Dispatches.empty() ? " (no kernel trace: rocprofv3 --att --kernel-trace records them)" : "")
          << '\n';
    if (Tree.TraceDirs.empty())
      throw Error(Options.Base + ": no trace found: no directory holds shaderdata_*.json or occupancy.json, "
                                 "and no <pid>_<agent>_shader_engine_<se>_<dispatch>.att file is here "
                                 "(is this a rocprofv3 --att output directory?)");
    // Without marker records there is nothing to name (D29): the capture's
    // waves are shown without code objects.
    if (Tree.CodeObjects.empty() && !Tree.MarkerDirs.empty())
      throw Error(Options.Base + ": no code objects (*code_object_id_<N>*.out) found; pass them with "
                                 "--code-objects");
    if (!Processes.Undecided.empty())
      throw Error(Processes.Undecided + "; select one process with --pid PID");
    if (traceDirs().empty())
      throw Error(Options.Base + ": no trace directory of process " + std::to_string(*Options.Pid));
    size_t Selected = 0;
    for (const ProcessInputs &G : Processes.Groups)
      Selected += G.CodeObjects.size();
    Log << Tool << ": found " << traceDirs().size() << " trace dir(s), " << Selected << " code object(s)";
    if (Processes.Groups.size() > 1)
      Log << " of " << Processes.Groups.size() << " processes (each directory uses its own's)";
    Log << '\n';
    loadCodeObjects();
    Log << Tool << ": loaded funcmaps from " << FuncmapsLoaded << " code object(s): " << Markers
        << " markers, " << Kernels << " kernels\n";
    if (!Tree.AttCaptures.empty())
      Log << Tool << ": reading " << Tree.AttCaptures.size() << " dispatch(es) from their raw .att files\n";
    if (Tree.MarkerDirs.empty() && Tree.AttCaptures.empty())
      Log << Tool << ": note: " << noMarkersNote() << '\n';
    else if (FuncmapsLoaded == 0)
      warn("no code object has a .sqtt_funcmap; markers will show as event#<id>. Was the SQTT pass "
           "plugin loaded during compilation?");
    for (const std::string &Note : ScopeNotes)
      Log << Tool << ": note: " << Note << '\n';
  }

  /// TraceSession::analyzeDirs with progress on the terminal, adding to
  /// \p Total; throws Error when the trace has no records, or the filters of
  /// \p Options leave none (naming the filter that matches nothing).
  void analyze(const AnalysisOptions &Options, unsigned Jobs, const std::function<void(DirResult &)> &Consume,
               FoldedProfile *Profile, RecordCounts &Total) {
    auto Label = [&](size_t I) {
      return "[" + std::to_string(I + 1) + "/" + std::to_string(traceDirs().size()) + "] " + traceDirs()[I];
    };
    if (Options.Exclude) {
      Log << Tool << ": --complete-only: leaving out the " << Options.Exclude->Incomplete << " incomplete wave(s) of "
          << "the " << Options.Exclude->Checked << " that " << Options.Exclude->Path << " checked\n";
      for (const std::string &Dir : traceDirs())
        if (!Options.Exclude->forDir(Dir))
          warn(Dir + ": not in " + Options.Exclude->Path + " (or two of its directories have this name): all "
                     "its waves are kept");
    }
    std::set<int64_t> KernelIds;
    SessionTotals T = analyzeDirs(
        Options, Jobs,
        [&](DirResult &R) {
          Progress.clear(); // before any other line
          KernelIds.insert(R.KernelIds.begin(), R.KernelIds.end());
          if (R.Clock) {
            char Rate[32];
            std::snprintf(Rate, sizeof Rate, "%.4g", R.Clock->GHz);
            Log << Tool << ":   " << R.Dir << ": shader engines aligned by " << R.Clock->Carrier << " (cycles added: "
                << R.Clock->describeOffsets(", ") << "); its shader clock: " << Rate << " GHz; "
                << R.Clock->describeFit() << '\n';
            for (const std::string &W : R.Clock->Warnings)
              warn(R.Dir + ": the shader clock: " + W);
          }
          if (std::string Line = rocpdLine(R.Dir); !Line.empty())
            Log << Tool << ":   " << R.Dir << ": rocpd: " << Line << '\n';
          Consume(R);
        },
        Profile,
        [&](const SessionProgress &P) {
          if (P.Engines == 0)
            Progress.update(Label(P.Dir));
          else if (Progress.enabled())
            Progress.update(Label(P.Dir) + ": shader engine " + std::to_string(P.Engine + 1) + "/" +
                            std::to_string(P.Engines));
        });
    Progress.clear();
    if (std::string Unknown = unknownDispatch(KernelIds); !Unknown.empty())
      throw Error(Unknown);
    UnresolvedKernels += T.UnresolvedKernels;
    Total.add(T.Counts);
    if (T.Counts.RecordsRead == 0 && Tree.MarkerDirs.empty()) {
      // A capture without markers: the waves are the output (D29). The .att
      // files say so only once they are read.
      if (!Tree.AttCaptures.empty())
        Log << Tool << ": note: " << noMarkersNote() << '\n';
      return;
    }
    if (T.Counts.RecordsRead == 0)
      throw Error(traceDirs().size() == 1 ? traceDirs()[0] + ": no shaderdata records"
                                          : "no shaderdata records in any trace directory");
    if (Options.filtered() && T.Counts.RecordsRead == T.Counts.PrivRecords + T.Counts.Filtered)
      throw Error(describeEmptyFilters(Options, T.Passed));
  }

  /// A directory's line: its markers, the waves of occupancy.json (and how
  /// many of them recorded markers), its dispatches with waves, each once.
  void dirLine(const DirResult &R) const {
    Log << Tool << ":   " << R.Dir << ": " << R.Counts.Headers << " markers, " << R.WaveCount << " waves";
    if (R.Counts.Headers)
      Log << " (" << R.MarkerWaves << " recorded markers)";
    Log << ", " << R.KernelIds.size() << " dispatch(es), " << R.Slots << " wave slots with records\n";
  }

  /// The summary, then the exit status: 1 under --strict when anything could
  /// not be attributed, else 0.
  int finish(const RecordCounts &Counts, bool Strict) const {
    SessionTotals T{Counts, {}, UnresolvedKernels};
    printSummary(T);
    if (Strict && T.unattributed()) {
      Log << Tool << ": error: --strict: " << T.unattributed()
          << " record(s), scope(s) or kernel(s) could not be attributed (see above)\n";
      return 1;
    }
    if (Strict && Counts.OddOccupancyRows) {
      Log << Tool << ": error: --strict: " << Counts.OddOccupancyRows << " occupancy row(s) a slot cannot have\n";
      return 1;
    }
    return 0;
  }

private:
  /// What a capture without markers shows, and why it may have none.
  std::string noMarkersNote() const {
    return "no marker records (" +
           (Tree.AttCaptures.empty() ? "no shaderdata_*.json in " + std::to_string(Tree.TraceDirs.size()) +
                                           " trace dir(s)): showing the waves of occupancy.json"
                                     : "no shader data in the .att files): showing their waves") +
           (Tree.CodeObjects.empty() ? std::string(" (no code object needed)") : std::string()) +
           ". Markers are missing when the kernel was built without the plugin (sqtt-decode-funcmap "
           "CODE_OBJECT shows no .sqtt_funcmap), when the scope masks left out the traced CUs "
           "(sqtt-verify CODE_OBJECT and its .sqtt_config say which record), or when the kernel has none";
  }

  void warn(const std::string &W) {
    Progress.clear();
    Log << Tool << ": warning: " << W << '\n';
  }

  /// "--cu 99 matches no record", or the filters that match nothing together.
  static std::string describeEmptyFilters(const AnalysisOptions &O, const FilterTally &Passed) {
    const RecordFilter &F = O.Filter;
    std::vector<std::pair<FilterKind, std::string>> Active;
    if (F.SE >= 0)
      Active.push_back({FilterSE, "--se " + std::to_string(F.SE)});
    if (F.CU >= 0)
      Active.push_back({FilterCU, "--cu " + std::to_string(F.CU)});
    if (F.SIMD >= 0)
      Active.push_back({FilterSIMD, "--simd " + std::to_string(F.SIMD)});
    if (F.Wave >= 0)
      Active.push_back({FilterWave, "--wave " + std::to_string(F.Wave)});
    if (F.timed())
      Active.push_back({FilterTime, "--time " + (F.TimeBegin == INT64_MIN ? "" : std::to_string(F.TimeBegin)) +
                                        ":" + (F.TimeEnd == INT64_MAX ? "" : std::to_string(F.TimeEnd))});
    if (!O.KernelRegex.empty())
      Active.push_back({FilterKernel, "--kernel '" + O.KernelRegex + "'"});
    if (O.Dispatch >= 0)
      Active.push_back({FilterDispatch, "--dispatch " + std::to_string(O.Dispatch)});
    if (O.Exclude)
      Active.push_back({FilterComplete, "--complete-only " + O.Exclude->Path});
    std::string None, All;
    for (auto &[Kind, Text] : Active) {
      All += (All.empty() ? "" : " ") + Text;
      if (Passed[Kind] == 0)
        None += (None.empty() ? "" : ", ") + Text;
    }
    if (!None.empty())
      return "no record matches " + None;
    return "no record matches the filters together (" + All + ")";
  }

  /// "3 function, 6 user" from (count, label) pairs, zero counts left out.
  static std::string nonZero(std::initializer_list<std::pair<uint64_t, const char *>> Items) {
    std::string Out;
    for (auto &[N, Label] : Items)
      if (N)
        Out += (Out.empty() ? "" : ", ") + std::to_string(N) + " " + Label;
    return Out;
  }

  void printSummary(const SessionTotals &T) const {
    const RecordCounts &L = T.Counts;
    std::string Markers = nonZero({{L.FunctionMarkers, "function"},
                                   {L.UserMarkers, "user"},
                                   {L.PointMarkers, "point"},
                                   {L.BareExits, "exits"},
                                   {L.Noops, "no-ops"}});
    Log << Tool << ": summary: " << L.RecordsRead << " records read; " << L.Headers << " marker headers"
        << (Markers.empty() ? "" : " (" + Markers + ")");
    std::string Rest = nonZero({{L.PayloadRecords, "payload records skipped"},
                                {L.AddressBlocks, "address blocks"},
                                {L.PrivRecords, "trap-handler records dropped"},
                                {L.Filtered, "records filtered out"}});
    Log << (Rest.empty() ? "" : "; " + Rest) << '\n';
    std::string Lost = nonZero({{L.UnknownIDs, "unknown IDs"},
                                {L.UnmatchedExits, "unmatched exits"},
                                {L.OpenAtWaveEnd, "scopes open at wave end"},
                                {L.TruncatedPayloads, "truncated payloads"},
                                {L.TruncatedAddressBlocks, "truncated address blocks"},
                                {L.BadWaveSize, "address blocks without a wave size"},
                                {L.OutsideAnyWave, "records outside any wave"},
                                {L.ImpossibleOccupancyRows, "occupancy rows with impossible values"},
                                {L.OutOfTimeOrder, "records out of their wave's time order"},
                                {L.NegativeTimes, "records with a negative time"},
                                {L.SkippedFiles, "trace files that could not be read"},
                                {T.UnresolvedKernels, "kernels without their code object's map"}});
    Log << Tool << ": not attributed: " << (Lost.empty() ? "nothing" : Lost) << '\n';
    if (L.OddOccupancyRows)
      Log << Tool << ": warning: " << L.OddOccupancyRows
          << " occupancy row(s) out of time order or launching into a busy slot (see above)\n";
    double Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
    char Line[96];
    std::snprintf(Line, sizeof Line, "done in %.2f s (%.0f records/s)", Seconds,
                  Seconds > 0 ? double(L.RecordsRead) / Seconds : 0.0);
    Log << Tool << ": " << Line << '\n';
  }

  const char *Tool;
  std::ostream &Log;
  ProgressLine Progress;
  size_t UnresolvedKernels = 0; // over every analyze() call
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
};

} // namespace sqtt
