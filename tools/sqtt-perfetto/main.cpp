// sqtt-perfetto - per-wave timelines of SQTT marker traces for ui.perfetto.dev.
//
//   sqtt-perfetto trace_output/ -o perfetto_out --clock-rate-ghz 2.1
//   sqtt-perfetto trace_output/ -o perfetto_out --format pftrace
//
// One file per trace directory (each is its own time domain): Chrome JSON
// (<dir>.perfetto.json, also read by speedscope) with a process per dispatch
// and a thread per wave instance, or a native Perfetto trace (<dir>.pftrace)
// with a GPU -> dispatch -> SE -> CU -> SIMD -> wave track hierarchy; slices
// for function and user scopes, instants for points, counters for waves in
// flight and data-marker values.
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/TraceWriters.h"

#include <filesystem>
#include <set>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace {

constexpr const char *Tool = "sqtt-perfetto";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string OutputDir;
  double ClockRateGHz = 0;
  std::string Format = "chrome";
  bool Show = false;
};

int run(const Options &Opts) {
  if (!Opts.OutputDir.empty())
    sqtt::checkOutputDir(Opts.OutputDir);
  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build.Timeline = true;
  bool Proto = Opts.Format == "pftrace";
  // Every directory's file, or none: an error in a later directory leaves
  // no output of the earlier ones (nor the -o directory it created).
  sqtt::OutputFiles Out;
  if (!Opts.OutputDir.empty())
    Out.createDirectory(Opts.OutputDir);
  sqtt::RecordCounts Total;
  size_t Written = 0, Skipped = 0;
  std::set<std::string> Notes; // what the timestamps mean, per distinct clock
  std::vector<std::string> Lines;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        if (R.Waves.empty()) {
          ++Skipped;
          return;
        }
        fs::path DirPath = fs::path(R.Dir);
        std::string Name = DirPath.filename().string() + (Proto ? ".pftrace" : ".perfetto.json");
        fs::path Path = Opts.OutputDir.empty() ? DirPath.parent_path() / Name
                                               : fs::path(Opts.OutputDir) / Name;
        // Each directory's own clock: its realtime.json, unless the rate is given (D26).
        sqtt::TimelineClock Clock = sqtt::TimelineClock::of(R, Opts.ClockRateGHz);
        Notes.insert(Clock.note());
        size_t Bytes = Out.write(Path.string(), [&](std::ostream &OS) {
          if (Proto)
            sqtt::writePerfettoTrace(OS, R, Session.Names, Clock);
          else
            sqtt::writeChromeTrace(OS, R, Session.Names, Clock);
        });
        ++Written;
        char Size[32];
        std::snprintf(Size, sizeof Size, "%.1f MB", double(Bytes) / 1e6);
        Lines.push_back("  " + Path.string() + " (" + Size + ", " + std::to_string(R.Events.size()) +
                        " events)");
      },
      nullptr, Total);
  if (Written == 0)
    throw sqtt::Error("no Perfetto traces produced (no function, user or point markers found)");
  Out.commit();
  std::cerr << Tool << ": wrote " << Written << " perfetto trace(s):\n";
  for (const std::string &L : Lines)
    std::cerr << L << '\n';
  if (Skipped)
    std::cerr << Tool << ": skipped " << Skipped << " trace dir(s) without markers\n";
  for (const std::string &N : Notes)
    std::cerr << Tool << ": note: timestamps are " << N << '\n';
  std::cerr << Tool << ": open the files at https://ui.perfetto.dev (drag and drop)\n";
  return Session.finish(Total, Opts.Trace.Strict);
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-wave timelines of SQTT marker traces for https://ui.perfetto.dev, as "
               "Chrome trace JSON or native Perfetto protobuf: one file per trace directory."};
  Opts.Trace.add(App);
  App.add_option("-o,--output-dir", Opts.OutputDir,
                 "Directory for the output files (default: next to each trace directory)");
  App.add_option("--format", Opts.Format,
                 "chrome: <dir>.perfetto.json (Chrome trace JSON, for ui.perfetto.dev and "
                 "speedscope); pftrace: <dir>.pftrace (native Perfetto protobuf, about 2.7 times "
                 "smaller)")
      ->check(CLI::IsMember({"chrome", "pftrace"}))
      ->capture_default_str();
  App.add_option("--clock-rate-ghz", Opts.ClockRateGHz,
                 "Shader clock in GHz, to show real time (ns = cycles / GHz); without it the rate "
                 "comes from each trace directory's realtime.json, and without that one cycle is "
                 "shown as one ns")
      ->check(CLI::PositiveNumber);
  App.add_flag("--show", Opts.Show, "Print where to open the traces");
  sqtt::addVersionFlag(App, "sqtt-perfetto");
  SQTT_PARSE(App, Tool, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
