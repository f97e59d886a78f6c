// TraceSession.h - what every trace tool does first: find the trace
// directories and code objects, load every code object's funcmap into one
// resolver, and analyse the directories. The session stands above the
// input formats: it discovers them and opens each directory through the
// format that found it (TraceFormats.h), so the analysis never knows which.
//
// The session reports, it does not print: warnings go to a sink, progress to
// a callback, and what was found and counted comes back as data, for the
// tool to word (tools/TraceToolSession.h).
#pragma once

#include "sqtt/session/TraceTree.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sqtt {

struct SessionOptions {
  std::string Base;
  /// Several inputs (directories, code objects, .att files) instead of Base.
  std::vector<std::string> Inputs;
  std::vector<std::string> CodeObjects; // replaces discovery when given
  bool Demangle = false;
  std::optional<uint64_t> Pid;          // only this process's directories (D23)
  TraceFrom From = TraceFrom::Auto;     // JSON directories or .att files (D32)
  /// --dispatch: rocprofv3's dispatch number (a directory's), else
  /// occupancy.json's kernel id within the directories.
  std::optional<int64_t> Dispatch;
};

/// Where the analysis is: directory \p Dir of \p Dirs (from 0), and when
/// one directory is analysed at a time, shader engine \p Engine of \p Engines
/// (Engines 0: the directory as a whole).
struct SessionProgress {
  size_t Dir = 0, Dirs = 0;
  size_t Engine = 0, Engines = 0;
};

/// Everything the analysis of all directories counted.
struct SessionTotals {
  RecordCounts Counts;
  FilterTally Passed{};          // per filter, summed over directories
  size_t UnresolvedKernels = 0;  // kernels whose markers stayed unknown (D17)
  /// Records, scopes and kernels that could not be attributed (D10).
  uint64_t unattributed() const;
};

/// What a trace of code object \p CodeObject (target \p Target) can
/// contain by its recorded configuration \p Config (D27): "" when its scope
/// masks select every CU or WGP.
std::string scopeNote(const std::vector<std::pair<std::string, std::string>> &Config, uint64_t CodeObject,
                      const std::string &Target);

class TraceSession {
public:
  using WarningSink = std::function<void(const std::string &)>;

  /// Discovers the tree under Options.Base (the code objects given instead,
  /// if any) and splits it by process (D23); what discovery warns of is in
  /// Tree.Warnings, later warnings go to \p Warn. Throws Error for a missing
  /// directory, a code object whose name has no ID or a process no file
  /// names; an empty tree, and directories whose process cannot be decided
  /// (Processes.Undecided), are the caller's to judge.
  TraceSession(const SessionOptions &Options, WarningSink Warn);

  /// Loads the funcmap of every code object, one resolver per process:
  /// unreadable ones are warnings (their markers stay unknown), conflicting
  /// IDs in one map an Error.
  void loadCodeObjects();
  /// Code objects whose funcmap was loaded, markers and kernels they name.
  size_t FuncmapsLoaded = 0, Markers = 0, Kernels = 0;
  /// What a trace of each code object can contain, from the configuration
  /// its plugin recorded (D27): which CUs or WGPs record markers.
  std::vector<std::string> ScopeNotes;

  NameTable Names;
  TraceTree Tree;
  /// The directories to analyse, each with its process's code objects.
  ProcessGroups Processes;
  const std::vector<std::string> &traceDirs() const { return Processes.TraceDirs; }
  /// Whether --dispatch named directories (rocprofv3's dispatch number):
  /// then only those are analysed, and every kernel id in them is kept.
  bool DispatchIsDirectory = false;
  /// The dispatch numbers of the directories found (before --dispatch kept
  /// some), for messages.
  std::vector<int64_t> DirectoryDispatches;
  /// The error for a --dispatch that names neither a directory nor a kernel
  /// id of \p KernelIds (those the analysed directories have); "" when it
  /// named one.
  std::string unknownDispatch(const std::set<int64_t> &KernelIds) const;
  /// What rocprofv3's database says of trace directory \p Dir's dispatch
  /// (its number is the directory's): kernel, geometry, agent, host times;
  /// "" without a database.
  std::string rocpdLine(const std::string &Dir) const;
  /// Trace directory \p Dir's database (its process's), and its dispatch's
  /// row there; null when there is none.
  const rocpd::Database *rocpdOf(const std::string &Dir) const;
  const rocpd::Dispatch *rocpdDispatch(const std::string &Dir) const;
  /// The resolver of traceDirs()[\p Dir]'s process (after loadCodeObjects).
  MarkerResolver &resolverOf(size_t Dir) { return *Resolvers.at(Processes.GroupOfDir.at(Dir)); }

  /// Analyses every trace directory, \p Jobs at a time (directories are
  /// independent time domains; with at least two jobs per directory each
  /// reads its next shader engine ahead), and hands each result to \p Consume
  /// on the calling thread, in directory order. Folded stacks of all
  /// directories end up in \p Profile (if given).
  SessionTotals analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                            const std::function<void(DirResult &)> &Consume, FoldedProfile *Profile,
                            const std::function<void(const SessionProgress &)> &Progress = nullptr);

  /// Where directory \p Dir is read from: the source of the format that
  /// found it (its JSON files, or the .att files of its dispatch, D32), whose
  /// kernels \p Resolver's code objects place.
  std::unique_ptr<TraceSource> openTraceSource(const std::string &Dir, const MarkerResolver &Resolver,
                                               std::vector<std::string> &Warnings) const;

private:
  void loadInto(MarkerResolver &Resolver, const std::vector<CodeObjectPath> &CodeObjects);
  /// Keeps only the directories --dispatch names by number, if any does.
  void selectDispatchDirectories();

  std::optional<int64_t> RequestedDispatch;

  WarningSink Warn;
  bool Demangle;
  std::vector<std::unique_ptr<MarkerResolver>> Resolvers; // per process group
};

} // namespace sqtt
