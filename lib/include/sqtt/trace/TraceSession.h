// TraceSession.h - what every trace tool does first and last.
//
// Finds the trace directories and code objects under a rocprofv3 --att
// output tree, loads every code object's funcmap into one resolver, and at
// the end prints the summary of D10: what was read, and what could not be
// attributed.
#pragma once

#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"
#include "sqtt/trace/TraceFiles.h"

#include <chrono>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

struct SessionOptions {
  std::string Base;
  std::vector<std::string> CodeObjects; // replaces discovery when given
  bool Demangle = false;
};

class TraceSession {
public:
  /// Throws Error for a missing directory, no shaderdata, or no code objects.
  TraceSession(const SessionOptions &Options, const std::string &Tool, std::ostream &Log);

  NameTable Names;
  MarkerResolver Resolver;
  TraceTree Tree;

  /// Analyzes every trace directory, \p Jobs at a time (directories are
  /// independent time domains; with at least two jobs per directory each
  /// reads its next shader engine ahead), and hands each result to \p Consume on the
  /// calling thread, in directory order. Folded stacks of all directories
  /// end up in \p Profile (if given); their totals in \p Total. Throws Error
  /// when the trace has no records, or the filters leave none (naming the
  /// filter that matches nothing).
  void analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                   const std::function<void(DirResult &)> &Consume, FoldedProfile *Profile,
                   RecordCounts &Total);

  /// The end-of-run summary (D10): what was read, what could not be
  /// attributed (zero counters left out), elapsed time and records/s.
  void printSummary(const RecordCounts &Loss) const;
  /// Records, scopes and kernels that could not be attributed.
  uint64_t unattributed(const RecordCounts &Loss) const;
  /// printSummary, then the exit status: 1 under --strict when anything
  /// could not be attributed, else 0.
  int finish(const RecordCounts &Loss, bool Strict) const;

  /// Kernels whose markers stayed unknown (D17), over all directories.
  size_t UnresolvedKernels = 0;

private:
  std::chrono::steady_clock::time_point Start = std::chrono::steady_clock::now();
  std::string Tool;
  std::ostream &Log;
};

} // namespace sqtt
