// RecordSelection.h - which records the command-line filters keep, with a
// tally per filter so that one matching nothing can be named. The library's
// own header, not installed.
#pragma once

#include "analysis/DispatchTable.h"
#include "sqtt/trace/TraceAnalysis.h"

namespace sqtt {

class RecordSelection {
public:
  RecordSelection(const AnalysisOptions &Options, const Occupancy &Occ, DispatchTable &Dispatches,
                  FilterTally &Passed, const std::set<WaveLaunch> *Excluded)
      : Filter(Options.Filter), ByDispatch(!Options.KernelRegex.empty() || Options.Dispatch >= 0),
        Excluded(Excluded), Occ(Occ), Dispatches(Dispatches), Passed(Passed) {}

  /// Whether record \p R of engine \p SE passes every filter; counts it
  /// under each filter it passes on its own.
  bool accepts(uint32_t SE, const Record &R);

private:
  const RecordFilter &Filter;
  bool ByDispatch;
  const std::set<WaveLaunch> *Excluded; // --complete-only's waves of this directory
  const Occupancy &Occ;
  DispatchTable &Dispatches;
  FilterTally &Passed;
};

} // namespace sqtt
