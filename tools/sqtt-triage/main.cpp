// sqtt-triage - the verdict on a capture: ranked findings, each with its
// evidence, the cycles fixing it could save, a confidence, an action and a
// command of these tools that shows it (D36).
//
//   sqtt-triage trace_output/
//   sqtt-triage trace_output/ -c app.co --plain app-plain.co -f json -o verdict.json
//   sqtt-triage after/ --baseline before/
//
// Reads any capture the other trace tools read (markers or not) through the
// same session and analysis; the findings are lib/src/triage/'s, the text
// and JSON writers lib/src/writers/'s.
#include "../ToolMain.h"
#include "../SqliteOutput.h"
#include "../TraceToolSession.h"
#include "Version.h"
#include "sqtt/support/Error.h"
#include "sqtt/triage/Triage.h"
#include "sqtt/writers/TriageWriters.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

namespace {

constexpr const char *Tool = "sqtt-triage";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::vector<std::string> Plain;
  std::string Baseline;
  std::string Format = "text";
  std::string Output;
};

/// One capture measured: the session's analysis, then the checks of the ISA
/// model where the capture has markers.
std::unique_ptr<sqtt::triage::Measurements> measure(const Options &Opts, sqtt::TraceToolSession &Session,
                                                    bool Checks, int &Status) {
  auto M = std::make_unique<sqtt::triage::Measurements>(Session.Names);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build = sqtt::triage::analysisOutputs();
  M->summariseAddressTraces(A);
  // The completeness check reads each engine's records as the analysis
  // reads them (each record is read once), where there are maps to check.
  auto Warn = [](const std::string &W) { std::cerr << Tool << ": warning: " << W << '\n'; };
  std::optional<sqtt::completeness::StreamingCheck> Check;
  if (Checks && Session.FuncmapsLoaded) {
    Check.emplace(Session, Warn);
    Check->feedFrom(A);
  }
  sqtt::RecordCounts Total;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        Session.dirLine(R);
        M->consume(R);
      },
      &M->Profile, Total);
  M->finish();
  sqtt::triage::measureHiddenStalls(*M, Session);
  if (Check && M->HasMarkers) {
    M->Completeness = Check->finish();
    sqtt::triage::measureInstrumentationShare(*M, Session);
  }
  Status = std::max(Status, Session.finish(Total, Opts.Trace.Strict));
  return M;
}

int run(const Options &Opts) {
  sqtt::checkOutputFor(Opts.Format, Opts.Output);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  int Status = 0; // 1 under --strict when anything could not be attributed
  std::unique_ptr<sqtt::triage::Measurements> M = measure(Opts, Session, true, Status);
  if (!Opts.Plain.empty())
    sqtt::triage::measurePerturbation(*M, Opts.Plain, Opts.Trace.Session.CodeObjects);
  std::unique_ptr<sqtt::TraceToolSession> BaseSession;
  std::unique_ptr<sqtt::triage::Measurements> Base;
  if (!Opts.Baseline.empty()) {
    sqtt::SessionOptions BaseInput = Opts.Trace.Session;
    BaseInput.Base = Opts.Baseline;
    BaseInput.CodeObjects.clear(); // -c names the trace's code objects, not the baseline's
    std::cerr << Tool << ": baseline " << Opts.Baseline << ":\n";
    BaseSession = std::make_unique<sqtt::TraceToolSession>(BaseInput, Tool, std::cerr);
    Base = measure(Opts, *BaseSession, false, Status);
  }
  sqtt::triage::TriageOptions T;
  T.TracePath = Opts.Trace.Session.Base;
  T.BaselinePath = Opts.Baseline;
  T.CodeObjects = Opts.Trace.Session.CodeObjects;
  T.Plain = Opts.Plain;
  T.Demangle = Opts.Trace.Session.Demangle;
  if (Opts.Trace.Dispatch >= 0)
    T.Dispatch = Opts.Trace.Dispatch;
  sqtt::triage::TriageReport R = sqtt::triage::triage(*M, Base.get(), T);
  auto Write = [&](std::ostream &OS) {
    if (Opts.Format == "json")
      sqtt::writeTriageJson(OS, R);
    else
      sqtt::writeTriageText(OS, R);
  };
  if (Opts.Format == sqtt::SqliteFormat) {
    // A finding rests on the dispatch it names; the guid is the database's.
    const std::string Guid = sqtt::rocpdGuid(Session);
    sqtt::writeSqliteTables(Opts.Output, sqtt::sqliteMeta(Tool, Opts.Trace.Session.Base),
                            {sqtt::sqliteTableRows(sqtt::triageFindingsTable(), sqtt::triageFindingRows(R), R.Findings,
                                                   [&](const sqtt::triage::Finding &F) {
                                                     return sqtt::SqliteJoinKeys{F.Dispatch, Guid};
                                                   })});
  } else if (Opts.Output.empty()) {
    Write(std::cout);
    std::cout.flush();
  } else {
    sqtt::writeOutputFile(Opts.Output, Write);
  }
  std::cerr << Tool << ": " << R.Findings.size() << " finding(s) written to "
            << (Opts.Output.empty() ? "stdout" : Opts.Output) << '\n';
  return Status;
}

const sqtt::ToolHelp Help{
    "The verdict on stdout, or to -o FILE: first what it rests on (waves complete, the markers' share, the "
    "clock), then one paragraph per finding, the most valuable first; with -f json the sqtt-triage/1 document. "
    "Progress and the summary on stderr. No other file is written.",
    {{"sqtt-triage trace_output/", "Ranked findings of a capture, as text."},
     {"sqtt-triage trace_output/ -f json -o verdict.json", "The same as the sqtt-triage/1 JSON contract."},
     {"sqtt-triage after/ --baseline before/", "Also what got slower than in the baseline capture."},
     {"sqtt-triage trace_output/ -c app.co --plain app-plain.co",
      "Also whether the markers perturbed the code, against the build without the plugin."}},
    {{0, "the verdict was written, whatever it found"},
     {1, "an error: an input that cannot be read, no records, a filter that matches nothing, an output that "
         "cannot be written; with --strict, anything that could not be attributed"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"The verdict on a capture: ranked findings of what to fix (incomplete trace, regression, "
               "straggler waves, memory and barrier waits, LDS bank conflicts, uncoalesced access, divergence, "
               "low occupancy, tail, marker overhead, clock uncertainty, hot scopes), each with its evidence, the "
               "cycles fixing it could save, a confidence, an action and a command that shows the evidence. "
               "Works on captures without markers with the findings that need no scope."};
  Opts.Trace.add(App);
  App.add_option("--plain", Opts.Plain,
                 "The build without the plugin, to check whether the markers perturb the code (the instrumented "
                 "build is the first code object of -c)")
      ->type_name("CODE_OBJECT");
  App.add_option("--baseline", Opts.Baseline,
                 "A capture to compare with: scopes and kernels paired by name, slower ones become regression "
                 "findings")
      ->type_name("TRACE");
  auto *FormatOpt = App.add_option("-f,--format", Opts.Format,
                                   "Output format: text, json (the sqtt-triage/1 contract) or sqlite (table "
                                   "sqtt_findings, which joins with rocprofv3's database; needs -o FILE)")
                        ->check(CLI::IsMember({"text", "json", sqtt::SqliteFormat}))
                        ->capture_default_str();
  App.add_flag_callback("--json", [&Opts] { Opts.Format = "json"; }, "JSON instead of text (-f json)")
      ->excludes(FormatOpt);
  App.add_option("-o,--output", Opts.Output, "Output file (default: stdout)")->type_name("FILE");
  sqtt::requireOutputForSqlite(App, Opts.Format, Opts.Output);
  sqtt::addVersionFlag(App, Tool);
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
