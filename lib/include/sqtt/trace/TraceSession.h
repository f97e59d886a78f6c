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

  /// "[i/n] dir" on stderr when it is a terminal.
  void progress(size_t Index, const std::string &Dir) const;

  /// Analyzes every trace directory, \p Jobs at a time (directories are
  /// independent time domains; with at least two jobs per directory each
  /// reads its next shader engine ahead), and hands each result to \p Consume on the
  /// calling thread, in directory order. Folded stacks of all directories
  /// end up in \p Profile (if given); their totals in \p Total.
  void analyzeDirs(const AnalysisOptions &Options, unsigned Jobs,
                   const std::function<void(DirResult &)> &Consume, FoldedProfile *Profile,
                   LossCounters &Total);

  /// The end-of-run summary (D10).
  void printSummary(const LossCounters &Loss) const;

private:
  std::string Tool;
  std::ostream &Log;
};

} // namespace sqtt
