// sqtt-memory-trace - per-lane memory addresses from SQTT address traces.
//
//   sqtt-memory-trace trace_output/ -o addresses.json --summary
//
// One JSON object per traced memory operation: kind, marker, kernel,
// dispatch and code object, time, wave slot, EXEC mask and the lane number
// and address of every active lane (buffer addresses reconstructed from the
// descriptor), with the operation's source location. The summary has one
// row per (kernel, operation): cache lines touched (coalescing), LDS bank
// conflicts, the dominant stride and the address range. Traces are written
// as each directory is analysed, never all held at once. -f sqlite -o FILE
// writes the summary and per-object rows as an SQLite database instead
// (tables sqtt_memory and sqtt_memory_objects, joining with rocprofv3's
// database on dispatch_id).
#include "../SqliteOutput.h"
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/MemoryWriters.h"

#include <iostream>
#include <optional>

namespace {

constexpr const char *Tool = "sqtt-memory-trace";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string Format = "json";
  std::string Output;
  std::string SummaryJson;
  bool Summary = false;
  bool Objects = false;
  std::string ObjectsJson, ObjectsCsv;
  std::string Heatmap;
};

int run(const Options &Opts) {
  const bool Sqlite = Opts.Format == sqtt::SqliteFormat;
  sqtt::checkOutputFor(Opts.Format, Opts.Output);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build.Addresses = true;
  sqtt::RecordCounts Total;
  sqtt::MemorySummary Summary(Session.Names);
  const bool WantObjects = Opts.Objects || !Opts.ObjectsJson.empty() || !Opts.ObjectsCsv.empty() || Sqlite;
  const bool WantSummary = Opts.Summary || !Opts.SummaryJson.empty() || WantObjects;
  sqtt::RowDispatches Dispatches;
  uint64_t Written = 0;
  std::optional<sqtt::MemoryHeatmap> Heatmap;
  if (!Opts.Heatmap.empty()) {
    sqtt::checkOutputFile(Opts.Heatmap);
    Heatmap.emplace(sqtt::MemoryHeatmap::Options());
  }
  std::vector<sqtt::DirResult> HeatmapDirs;
  // The traces go to \p OS, if given (not with -f sqlite).
  auto Analyze = [&](std::ostream *OS) {
    std::optional<sqtt::MemoryTraceJsonWriter> Writer;
    if (OS)
      Writer.emplace(*OS, Session.Names);
    Session.analyze(
        A, Opts.Trace.Jobs,
        [&](sqtt::DirResult &R) {
          std::cerr << Tool << ":   " << R.Dir << ": " << R.Counts.RecordsRead << " records, "
                    << R.Addresses.size() << " address traces\n";
          Dispatches.analysed(R.Dir);
          sqtt::forEachAddressTrace(R, [&](const sqtt::AddressTrace &T) {
            if (Writer)
              Writer->add(T);
            if (Sqlite)
              Dispatches.ran(Session.Names.str(T.Kernel), R.Dir);
            if (WantSummary)
              Summary.add(T);
            if (Heatmap)
              Heatmap->scan(T);
          });
          // The heatmap bins in a second pass over the directory's stored
          // traces, once its rows are known; directories are kept for it.
          if (Heatmap)
            HeatmapDirs.push_back(std::move(R));
        },
        nullptr, Total);
    if (Writer) {
      Writer->finish();
      Written = Writer->count();
    }
  };
  if (Sqlite)
    Analyze(nullptr);
  else if (Opts.Output.empty())
    Analyze(&std::cout);
  else
    sqtt::writeOutputFile(Opts.Output, [&](std::ostream &OS) { Analyze(&OS); });
  if (!Sqlite)
    std::cerr << Tool << ": wrote " << Written << " traces to " << (Opts.Output.empty() ? "stdout" : Opts.Output)
              << '\n';
  if (Heatmap) {
    Heatmap->layout();
    for (const sqtt::DirResult &R : HeatmapDirs)
      sqtt::forEachAddressTrace(R, [&](const sqtt::AddressTrace &T) { Heatmap->bin(T); });
    sqtt::writeOutputFile(Opts.Heatmap, [&](std::ostream &OS) {
      sqtt::writeMemoryHeatmapSvg(OS, *Heatmap, Session.Names);
    });
    std::cerr << Tool << ": wrote the heatmap of " << Heatmap->Accesses << " lane accesses to " << Opts.Heatmap
              << '\n';
  }
  if (WantSummary) {
    std::vector<sqtt::MemorySummaryRow> Rows = Summary.rows();
    if (Opts.Summary)
      sqtt::writeMemorySummaryText(std::cerr, Summary, Rows, Session.Names);
    if (!Opts.SummaryJson.empty()) {
      sqtt::writeOutputFile(Opts.SummaryJson, [&](std::ostream &OS) {
        sqtt::writeMemorySummaryJson(OS, Rows, Session.Names);
      });
      std::cerr << Tool << ": wrote " << Rows.size() << " summary rows to " << Opts.SummaryJson
                << '\n';
    }
    if (WantObjects) {
      std::vector<sqtt::MemoryObjectRow> Objects = sqtt::memoryObjectRows(Rows, Session.Names);
      if (Opts.Objects) {
        std::cerr << "\nPer base object (what each address derives from: a kernel argument, an LDS or "
                     "global variable, a private slot):\n";
        sqtt::writeMemoryObjectsText(std::cerr, Objects, Session.Names);
      }
      if (!Opts.ObjectsJson.empty())
        sqtt::writeOutputFile(Opts.ObjectsJson, [&](std::ostream &OS) {
          sqtt::writeMemoryObjectsJson(OS, Objects, Session.Names);
        });
      if (!Opts.ObjectsCsv.empty())
        sqtt::writeOutputFile(Opts.ObjectsCsv, [&](std::ostream &OS) {
          sqtt::writeMemoryObjectsCsv(OS, Objects, Session.Names);
        });
      if (Sqlite) {
        // A row rests on the dispatches of its kernel's address traces.
        const std::string Guid = sqtt::rocpdGuid(Session);
        auto Keys = [&](const auto &R) {
          return sqtt::SqliteJoinKeys{Dispatches.ofKernel(Session.Names.str(R.Kernel)), Guid};
        };
        sqtt::writeSqliteTables(
            Opts.Output, sqtt::sqliteMeta(Tool, Opts.Trace.Session.Base),
            {sqtt::sqliteTableRows(sqtt::memorySummaryTable(), sqtt::memorySummaryOutputRows(Rows, Session.Names),
                                   Rows, Keys),
             sqtt::sqliteTableRows(sqtt::memoryObjectsTable(),
                                   sqtt::memoryObjectOutputRows(Objects, Session.Names), Objects, Keys)});
        std::cerr << Tool << ": wrote " << Rows.size() << " summary rows and " << Objects.size()
                  << " per-object rows to " << Opts.Output << '\n';
      }
    }
  }
  return Session.finish(Total, Opts.Trace.Strict);
}

const sqtt::ToolHelp Help{
    "The JSON array of address traces on stdout, or to -o FILE; --summary and --objects print their tables "
    "on stderr; --summary-json, --objects-json, --objects-csv and --heatmap write only the files they name. "
    "-f sqlite writes, instead of the traces, an SQLite database to -o FILE (only there): the summary rows "
    "(table sqtt_memory), the per-object rows (sqtt_memory_objects) and sqtt_meta.",
    {{"sqtt-memory-trace trace_output/ -o addresses.json --summary",
      "Every traced operation's lanes and addresses to a file, the summary on stderr."},
     {"sqtt-memory-trace trace_output/ --summary-json summary.json > /dev/null",
      "Only the per-operation summary, as JSON."},
     {"sqtt-memory-trace trace_output/ -o a.json --objects --heatmap mem.svg",
      "Traffic per buffer and LDS array, and the accesses over time as an SVG."},
     {"sqtt-memory-trace trace_output/ -f sqlite -o memory.db",
      "The summary and per-object rows as SQLite tables, to join with rocprofv3's database on dispatch_id."}},
    {{0, "the traces were written"},
     {1, "an error: an input that cannot be read, no records, a filter that matches nothing, an output that "
         "cannot be written; with --strict, anything that could not be attributed"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-lane memory addresses of SQTT address traces (SQTT_TRACE_ADDRESSES) as JSON, "
               "and a per-operation summary of coalescing and LDS bank conflicts."};
  Opts.Trace.add(App);
  auto *FormatOpt = App.add_option("-f,--format", Opts.Format,
                                   "Output format; json: the address traces; sqlite: instead of them, an SQLite "
                                   "database, to -o FILE only, whose tables hold the summary and per-object JSON "
                                   "rows (same keys and values) with the join columns dispatch_id and guid of "
                                   "rocprofv3's database")
                        ->check(CLI::IsMember({"json", "sqlite"}))
                        ->capture_default_str();
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)")->type_name("FILE");
  App.add_flag("--json", "The address traces as JSON (the default, -f json); accepted as by every tool that "
                         "writes JSON")
      ->excludes(FormatOpt);
  App.add_flag("--summary", Opts.Summary,
               "Print one row per (kernel, operation) to stderr: its access width and base object (from the "
               "code object's map), executions, lanes, unique addresses, 128-byte cache lines against the "
               "fewest its lanes and width need, efficiency, LDS bank-conflict ways and extra cycles by "
               "lane set, dominant stride, address range, source; costliest first");
  App.add_option("--summary-json", Opts.SummaryJson, "Write the summary rows as a JSON array to FILE")
      ->type_name("FILE");
  App.add_flag("--objects", Opts.Objects,
               "Print one row per (kernel, base object) to stderr: operations, executions, bytes requested, "
               "cache lines, efficiency, bank-conflict ways and extra cycles");
  App.add_option("--objects-json", Opts.ObjectsJson, "Write the per-object rows as a JSON array to FILE")
      ->type_name("FILE");
  App.add_option("--objects-csv", Opts.ObjectsCsv, "Write the per-object rows as CSV to FILE")->type_name("FILE");
  App.add_option("--heatmap", Opts.Heatmap,
                 "Write an SVG of the accesses over time: one panel per kernel, time across (400 bins), "
                 "address pages (4 KiB) down grouped by base object, a colour per object, darker for more lane "
                 "accesses; binned in two passes over the stored traces, so any trace size fits")
      ->type_name("FILE.svg");
  sqtt::requireOutputForSqlite(App, Opts.Format, Opts.Output);
  sqtt::addVersionFlag(App, "sqtt-memory-trace");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
