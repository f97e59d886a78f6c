// sqtt-stats - per-scope statistics of SQTT marker traces.
//
//   sqtt-stats trace_output/ --demangle
//   sqtt-stats trace_output/ --format csv -o stats.csv
//
// One row per (kernel, scope): closed intervals (count, total, self, min,
// mean, nearest-rank p50/p90/p99, max), the waves they ran in, the scopes
// left open, and the wave of the slowest interval; one row per data marker
// summarising its payload values. An aligned table sorted by total cycles,
// or CSV or JSON.
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/StatsWriters.h"

#include <algorithm>
#include <iostream>
#include <tuple>

namespace {

constexpr const char *Tool = "sqtt-stats";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string Format = "table";
  std::string Output;
  std::string Sort = "total";
};


int run(const Options &Opts) {
  if (!Opts.Output.empty())
    sqtt::checkOutputFile(Opts.Output);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build.Stats = true;
  sqtt::RecordCounts Total;
  sqtt::ScopeStats Stats;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        std::cerr << Tool << ":   " << R.Dir << ": " << R.Loss.Headers << " markers, " << R.WaveCount
                  << " waves\n";
        Stats.merge(R.Stats);
      },
      nullptr, Total);
  std::vector<sqtt::StatsRow> Rows = Stats.rows(Session.Names);
  sqtt::sortStatsRows(Rows, Opts.Sort);
  auto Write = [&](std::ostream &OS) {
    if (Opts.Format == "csv")
      sqtt::writeStatsCsv(OS, Rows);
    else if (Opts.Format == "json")
      sqtt::writeStatsJson(OS, Rows);
    else
      sqtt::writeStatsTable(OS, Rows);
  };
  if (Opts.Output.empty()) {
    Write(std::cout);
    std::cout.flush();
  } else {
    sqtt::writeOutputFile(Opts.Output, Write);
  }
  std::cerr << Tool << ": wrote " << Rows.size() << " rows to "
            << (Opts.Output.empty() ? "stdout" : Opts.Output) << '\n';
  int Status = Session.finish(Total, Opts.Trace.Strict);
  if (Rows.empty()) {
    std::cerr << Tool << ": error: no scope was entered and no data marker seen in the selected "
                         "records\n";
    return 1;
  }
  return Status;
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-scope statistics of SQTT marker traces: for every (kernel, scope) the count, "
               "total, self, min, mean, p50/p90/p99 (nearest rank) and max cycles of its closed "
               "intervals, the waves they ran in, the scopes left open and the slowest wave; for "
               "every data marker its payload values (count, min, mean, max)."};
  Opts.Trace.add(App);
  App.add_option("-f,--format", Opts.Format, "Output format")
      ->check(CLI::IsMember({"table", "csv", "json"}))
      ->capture_default_str();
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)");
  App.add_option("--sort", Opts.Sort, "Order of the scope rows (descending; name: ascending)")
      ->check(CLI::IsMember({"total", "self", "count", "mean", "max", "p99", "name"}))
      ->capture_default_str();
  sqtt::addVersionFlag(App, "sqtt-stats");
  SQTT_PARSE(App, Tool, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
