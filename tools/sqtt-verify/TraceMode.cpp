// TraceMode.cpp - sqtt-verify --trace DIR: whether each wave of a trace
// recorded everything its code says it must (D31).
#include "Modes.h"
#include "../TraceToolSession.h"
#include "sqtt/completeness/TraceCompleteness.h"
#include "sqtt/writers/CompletenessWriters.h"

#include <fstream>
#include <iostream>

namespace sqtt::verify {

/// --trace: every wave of the trace against its code (D31).
int checkTrace(const Options &Opts) {
  std::ostream &Log = std::cerr;
  SessionOptions SO;
  SO.Base = Opts.Trace;
  SO.CodeObjects = Opts.Inputs;
  TraceToolSession Session(SO, Tool, Log);
  completeness::CompletenessReport R = completeness::checkTrace(
      Session, [&](const std::string &W) { std::cerr << Tool << ": warning: " << W << '\n'; },
      [&](size_t Dir, size_t Dirs) {
        if (Dirs > 1)
          Log << Tool << ": [" << Dir + 1 << "/" << Dirs << "] " << Session.traceDirs()[Dir] << '\n';
      });
  if (!Opts.Report.empty()) {
    std::ofstream Out(Opts.Report);
    writeCompletenessJson(Out, R);
    if (!Out.flush())
      throw Error(Opts.Report + ": cannot write the report");
    Log << Tool << ": wrote " << Opts.Report << '\n';
  }
  if (Opts.Json)
    writeCompletenessJson(std::cout, R);
  else
    writeCompletenessText(std::cout, R, Opts.Verbose ? 0 : 20, Opts.Verbose);
  if (R.Total.Waves == 0 && R.UncheckedWaves && R.WithoutPluginWaves == R.UncheckedWaves) {
    Log << Tool << ": " << Opts.Trace << ": its kernels were built without the plugin: nothing to check\n";
    return 0;
  }
  if (R.Total.Waves == 0) {
    std::string Why;
    for (const std::string &U : R.Unchecked)
      Why += "\n  " + U;
    throw Error(Opts.Trace + ": no wave could be checked" + (Why.empty() ? ": the trace has no waves" : ":" + Why));
  }
  return R.Total.Complete == R.Total.Waves ? 0 : 1;
}

} // namespace sqtt::verify
