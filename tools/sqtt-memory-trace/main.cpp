// sqtt-memory-trace - per-lane memory addresses from SQTT address traces.
//
//   sqtt-memory-trace trace_output/ -o addresses.json --summary
//
// One JSON object per traced memory operation: kind, marker, time, wave
// slot, EXEC mask and the address of every active lane (buffer addresses
// reconstructed from the descriptor), with the operation's source location.
#include "../ToolMain.h"
#include "../TraceToolOptions.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/TraceWriters.h"

#include <iostream>

namespace {

constexpr const char *Tool = "sqtt-memory-trace";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string Output;
  bool Summary = false;
};

int run(const Options &Opts) {
  if (!Opts.Output.empty())
    sqtt::checkOutputFile(Opts.Output);
  sqtt::TraceSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Addresses = true;
  sqtt::LossCounters Total;
  std::vector<sqtt::AddressTrace> Traces;
  Session.analyzeDirs(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        std::cerr << Tool << ":   " << R.Dir << ": " << R.Loss.RecordsRead << " records, "
                  << R.Addresses.size() << " address traces\n";
        for (sqtt::AddressTrace &T : R.Addresses)
          Traces.push_back(std::move(T));
      },
      nullptr, Total);
  if (Opts.Output.empty()) {
    sqtt::writeMemoryTraceJson(std::cout, Traces, Session.Names);
  } else {
    sqtt::writeOutputFile(Opts.Output, [&](std::ostream &OS) {
      sqtt::writeMemoryTraceJson(OS, Traces, Session.Names);
    });
  }
  std::cerr << Tool << ": wrote " << Traces.size() << " traces to "
            << (Opts.Output.empty() ? "stdout" : Opts.Output) << '\n';
  if (Opts.Summary)
    sqtt::writeMemoryTraceSummary(std::cerr, Traces, Session.Names);
  return Session.finish(Total, Opts.Trace.Strict);
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-lane memory addresses of SQTT address traces (SQTT_TRACE_ADDRESSES) as JSON."};
  Opts.Trace.add(App);
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)");
  App.add_flag("--summary", Opts.Summary, "Print a per-source summary to stderr");
  SQTT_PARSE(App, Tool, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
