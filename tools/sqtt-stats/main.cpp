// sqtt-stats - per-scope statistics of SQTT marker traces.
//
//   sqtt-stats trace_output/ --demangle
//   sqtt-stats trace_output/ --format csv -o stats.csv
//
// One row per (kernel, scope): closed intervals (count, total, self, min,
// mean, nearest-rank p50/p90/p99, max), the waves they ran in, the scopes
// left open, and the wave of the slowest interval; one row per data marker
// summarising its payload values. An aligned table sorted by total cycles,
// or CSV, JSON or an SQLite database (-f sqlite -o FILE: the JSON's rows as
// tables that join with rocprofv3's database). With --instructions, the
// instruction detail of each scope from the capture's wave files instead.
#include "../SqliteOutput.h"
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
  bool Waves = false;
  size_t WaveLimit = 0; // 0: every wave
  bool NoKernelRows = false;
  bool Instructions = false;
  size_t Top = 5;
};

/// sqtt-stats --instructions: the per-scope instruction detail instead of
/// the scope rows.
int runInstructions(const Options &Opts, sqtt::TraceToolSession &Session, sqtt::AnalysisOptions A) {
  A.Build.Instructions = true;
  sqtt::RecordCounts Total;
  sqtt::InstructionStats Stats;
  uint64_t WaveFiles = 0;
  sqtt::RowDispatches Dispatches;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        std::cerr << Tool << ":   " << R.Dir << ": " << R.WaveFiles << " wave files, "
                  << R.Instructions.JoinedWaves << " of them with markers\n";
        WaveFiles += R.WaveFiles;
        Dispatches.analysed(R.Dir);
        for (uint32_t Kernel : R.Instructions.kernels())
          Dispatches.ran(Session.Names.str(Kernel), R.Dir);
        Stats.merge(R.Instructions);
      },
      nullptr, Total);
  std::vector<sqtt::InstructionRow> Rows = Stats.rows(Session.Names, Opts.Top);
  auto Write = [&](std::ostream &OS) {
    if (Opts.Format == "csv")
      sqtt::writeInstructionsCsv(OS, Rows);
    else if (Opts.Format == "json")
      sqtt::writeInstructionsJson(OS, Rows);
    else
      sqtt::writeInstructionsTable(OS, Rows);
  };
  if (Opts.Format == sqtt::SqliteFormat) {
    const std::string Guid = sqtt::rocpdGuid(Session); // the rows' process, where one database has them all
    sqtt::writeSqliteTables(
        Opts.Output, sqtt::sqliteMeta(Tool, Opts.Trace.Session.Base),
        {sqtt::sqliteTableRows(sqtt::instructionsTable(), sqtt::instructionOutputRows(Rows), Rows,
                               [&](const sqtt::InstructionRow &R) {
                                 return sqtt::SqliteJoinKeys{Dispatches.ofKernel(R.Kernel), Guid};
                               })});
  } else if (Opts.Output.empty()) {
    Write(std::cout);
    std::cout.flush();
  } else {
    sqtt::writeOutputFile(Opts.Output, Write);
  }
  std::cerr << Tool << ": wrote " << Rows.size() << " rows to " << (Opts.Output.empty() ? "stdout" : Opts.Output)
            << '\n';
  if (Stats.UnmarkedWaves)
    std::cerr << Tool << ": note: " << Stats.UnmarkedWaves
              << " wave files belong to waves that recorded no marker: their instructions are \"(no scope)\"\n";
  int Status = Session.finish(Total, Opts.Trace.Strict);
  if (WaveFiles == 0) {
    std::cerr << Tool << ": error: no wave files (se*_sm*_sl*_wv*.json): rocprofv3 --att writes them for the "
                         "waves of the CU --att-target-cu names, in each ui_output_* directory\n";
    return 1;
  }
  if (Rows.empty()) {
    std::cerr << Tool << ": error: the filters leave no instruction of the " << WaveFiles << " wave files\n";
    return 1;
  }
  return Status;
}


int run(const Options &Opts) {
  sqtt::checkOutputFor(Opts.Format, Opts.Output);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  if (Opts.Instructions)
    return runInstructions(Opts, Session, A);
  A.Build.Stats = true;
  sqtt::RecordCounts Total;
  sqtt::ScopeStats Stats;
  std::vector<sqtt::WaveTime> Waves;
  sqtt::RowDispatches Dispatches;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        Session.dirLine(R);
        // Which dispatch each kernel's rows rest on (the sqlite join key).
        Dispatches.analysed(R.Dir);
        for (uint32_t Kernel : R.Stats.kernels())
          Dispatches.ran(Session.Names.str(Kernel), R.Dir);
        for (const sqtt::WaveTime &W : R.WaveTimes)
          Dispatches.ran(Session.Names.str(W.Kernel), R.Dir);
        Stats.merge(R.Stats);
        Waves.insert(Waves.end(), R.WaveTimes.begin(), R.WaveTimes.end());
      },
      nullptr, Total);
  // Kernel rows first (D25), then the scopes in the order asked for.
  std::vector<sqtt::StatsRow> Rows = Stats.rows(Session.Names);
  sqtt::sortStatsRows(Rows, Opts.Sort);
  // A time window cuts the scopes but not the waves' lifetimes.
  if (Opts.Trace.Filter.timed() && !Opts.NoKernelRows)
    std::cerr << Tool << ": note: no kernel rows under --time (they need whole waves)\n";
  if (!Opts.NoKernelRows && !Opts.Trace.Filter.timed()) {
    std::vector<sqtt::StatsRow> Kernels = sqtt::kernelRows(Waves, Session.Names);
    Rows.insert(Rows.begin(), Kernels.begin(), Kernels.end());
  }
  const size_t WavesUsed = Waves.size();
  // The waves table: slowest first.
  std::stable_sort(Waves.begin(), Waves.end(),
                   [](const sqtt::WaveTime &X, const sqtt::WaveTime &Y) { return X.cycles() > Y.cycles(); });
  if (Opts.WaveLimit && Waves.size() > Opts.WaveLimit)
    Waves.resize(Opts.WaveLimit);
  auto Write = [&](std::ostream &OS) {
    if (Opts.Waves) {
      if (Opts.Format == "csv")
        sqtt::writeWavesCsv(OS, Waves, Session.Names);
      else if (Opts.Format == "json")
        sqtt::writeWavesJson(OS, Waves, Session.Names);
      else
        sqtt::writeWavesTable(OS, Waves, Session.Names);
    } else if (Opts.Format == "csv") {
      sqtt::writeStatsCsv(OS, Rows);
    } else if (Opts.Format == "json") {
      sqtt::writeStatsJson(OS, Rows);
    } else {
      sqtt::writeStatsTable(OS, Rows);
    }
  };
  if (Opts.Format == sqtt::SqliteFormat) {
    const std::string Guid = sqtt::rocpdGuid(Session); // the rows' process, where one database has them all
    // A wave rests on its directory's dispatch; a row on its kernel's.
    sqtt::SqliteTableRows T =
        Opts.Waves ? sqtt::sqliteTableRows(sqtt::wavesTable(), sqtt::wavesOutputRows(Waves, Session.Names), Waves,
                                           [&](const sqtt::WaveTime &W) {
                                             return sqtt::SqliteJoinKeys{
                                                 sqtt::RowDispatches::ofDirectory(Session.Names.str(W.Dir)),
                                                 sqtt::rocpdGuidOf(Session, Session.Names.str(W.Dir))};
                                           })
                   : sqtt::sqliteTableRows(sqtt::statsTable(), sqtt::statsOutputRows(Rows), Rows,
                                           [&](const sqtt::StatsRow &R) {
                                             return sqtt::SqliteJoinKeys{Dispatches.ofKernel(R.Kernel), Guid};
                                           });
    sqtt::writeSqliteTables(Opts.Output, sqtt::sqliteMeta(Tool, Opts.Trace.Session.Base), {T});
  } else if (Opts.Output.empty()) {
    Write(std::cout);
    std::cout.flush();
  } else {
    sqtt::writeOutputFile(Opts.Output, Write);
  }
  std::cerr << Tool << ": wrote " << (Opts.Waves ? Waves.size() : Rows.size()) << (Opts.Waves ? " waves" : " rows")
            << " to " << (Opts.Output.empty() ? "stdout" : Opts.Output) << '\n';
  std::cerr << Tool << ": the kernel rows and waves rest on " << WavesUsed << " wave(s) that ended in the capture";
  if (A.Exclude)
    std::cerr << " (--complete-only: " << A.Exclude->Incomplete << " incomplete left out)";
  std::cerr << '\n';
  // D25/D29: a kernel row's self and scoped cycles rest on the waves that
  // recorded markers; where those are not all of its waves, say so.
  for (const sqtt::StatsRow &R : Rows)
    if (R.Kind == sqtt::StatKind::Kernel && R.Waves && R.Waves < R.Count)
      std::cerr << Tool << ": " << (R.Kernel.empty() ? "(no dispatch)" : R.Kernel) << ": self_cycles and scoped rest "
                << "on the " << R.Waves << " of its " << R.Count << " waves that recorded markers; the other "
                << R.Count - R.Waves << " count in total_cycles only\n";
  int Status = Session.finish(Total, Opts.Trace.Strict);
  if (Opts.Waves ? Waves.empty() : Rows.empty()) {
    std::cerr << Tool << ": error: no scope was entered and no data marker seen in the selected "
                         "records\n";
    return 1;
  }
  return Status;
}

const sqtt::ToolHelp Help{
    "The table (or CSV, JSON) on stdout, or to -o FILE; -f sqlite writes an SQLite database, only to -o FILE "
    "(tables sqtt_scopes, or sqtt_waves with --waves, or sqtt_instructions with --instructions, and sqtt_meta). "
    "Progress, notes and the summary on stderr. No other file is written.",
    {{"sqtt-stats trace_output/ --demangle", "Kernel rows, then a row per (kernel, scope), as a table."},
     {"sqtt-stats trace_output/ --json -o stats.json", "The same rows as JSON, in stats.json."},
     {"sqtt-stats trace_output/ --waves 10", "The ten slowest waves."},
     {"sqtt-stats trace_output/ -f sqlite -o stats.db",
      "The rows as table sqtt_scopes, to join with rocprofv3's database on dispatch_id."},
     {"sqtt-stats trace_output/ --instructions --top 10",
      "Where each scope's cycles go, from the target CU's wave files."}},
    {{0, "the rows were written"},
     {1, "an error: an input that cannot be read, nothing to show (no scope or data marker; no wave files for "
         "--instructions), a filter that matches nothing, an output that cannot be written; with --strict, "
         "anything that could not be attributed"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-scope statistics of SQTT marker traces, in shader-clock cycles: first one row per "
               "kernel (its waves' lifetimes from occupancy.json, how many recorded markers, their "
               "time outside and share inside scopes); then for every (kernel, scope) the count, "
               "total, self, min, mean, p50/p90/p99 (nearest rank) and max cycles of its closed "
               "intervals, the waves they ran in, the scopes left open and the slowest wave; for "
               "every data marker its payload values (count, min, mean, max)."};
  Opts.Trace.add(App);
  auto *FormatOpt = App.add_option("-f,--format", Opts.Format,
                                   "Output format; sqlite: an SQLite database, to -o FILE only, whose tables hold "
                                   "the JSON rows (same keys and values) with the join columns dispatch_id and "
                                   "guid of rocprofv3's database")
                        ->check(CLI::IsMember({"table", "csv", "json", "sqlite"}))
                        ->capture_default_str();
  App.add_flag_callback("--json", [&Opts] { Opts.Format = "json"; }, "JSON instead of a table (-f json)")
      ->excludes(FormatOpt);
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)")->type_name("FILE");
  App.add_option("--sort", Opts.Sort, "Order of the scope rows (descending; name: ascending)")
      ->check(CLI::IsMember({"total", "self", "count", "mean", "max", "p99", "name"}))
      ->capture_default_str();
  App.add_flag("--no-kernel-rows", Opts.NoKernelRows,
               "Leave out the kernel rows (kind \"kernel\", scope \"(waves)\": every wave of the kernel "
               "in occupancy.json, their lifetimes, the waves that recorded markers and the share of "
               "their time inside scopes)");
  auto *WavesOpt = App.add_option_function<size_t>(
      "--waves", [&Opts](size_t N) { Opts.Waves = true, Opts.WaveLimit = N; },
      "Instead of the scope rows, one row per wave, slowest first: its SE/CU/SIMD/slot and instance, "
      "dispatch, kernel, launch, lifetime and scoped cycles; N limits the rows (default: 0, every wave)");
  WavesOpt->type_name("N")->expected(0, 1)->default_str("0");
  auto *InstOpt = App.add_flag(
      "--instructions", Opts.Instructions,
      "Instead of the scope rows, where each scope's time goes, from the instruction records rocprofv3 writes "
      "for the target CU's waves (wave files and code.json): per (kernel, scope) the waves, instructions, "
      "their cycles and stall cycles, the idle cycles, the cycles per instruction category, and the top ISA "
      "and source lines by cycles, and the cycles of the instructions the plugin inserted (where code.json "
      "names them: sqtt-synth's listings do, rocprofv3's do not). Each instruction counts for the innermost "
      "scope open when it issued; outside every scope, for the kernel's \"(no scope)\" row");
  App.add_option("--top", Opts.Top, "With --instructions: ISA and source lines shown per scope")
      ->check(CLI::Range(size_t(1), size_t(1000)))
      ->capture_default_str();
  InstOpt->excludes(WavesOpt);
  sqtt::requireOutputForSqlite(App, Opts.Format, Opts.Output);
  sqtt::addVersionFlag(App, "sqtt-stats");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
