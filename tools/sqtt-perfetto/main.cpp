// sqtt-perfetto - per-wave timelines of SQTT marker traces for ui.perfetto.dev.
//
//   sqtt-perfetto trace_output/ -o perfetto_out --clock-rate-ghz 2.1
//
// One Chrome-JSON file per trace directory (each is its own time domain):
// a process per dispatch, a thread per wave instance, slices for function
// and user scopes, instants for points.
#include "../ToolMain.h"
#include "../TraceToolOptions.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/TraceWriters.h"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace {

constexpr const char *Tool = "sqtt-perfetto";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string OutputDir;
  double ClockRateGHz = 0;
  bool Show = false;
};

int run(const Options &Opts) {
  if (!Opts.OutputDir.empty())
    sqtt::checkOutputDir(Opts.OutputDir);
  sqtt::TraceSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Events = true;
  double Scale = Opts.ClockRateGHz > 0 ? 1.0 / Opts.ClockRateGHz : 1.0;
  sqtt::LossCounters Total;
  size_t Written = 0, Skipped = 0;
  std::vector<std::string> Lines;
  Session.analyzeDirs(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        if (R.Waves.empty()) {
          ++Skipped;
          return;
        }
        fs::path DirPath = fs::path(R.Dir);
        std::string Name = DirPath.filename().string() + ".perfetto.json";
        fs::path Out = Opts.OutputDir.empty() ? DirPath.parent_path() / Name
                                              : fs::path(Opts.OutputDir) / Name;
        sqtt::writeOutputFile(Out.string(), [&](std::ostream &OS) {
          sqtt::writeChromeTrace(OS, R, Session.Names, Scale);
        });
        ++Written;
        char Size[32];
        std::snprintf(Size, sizeof Size, "%.1f MB", double(fs::file_size(Out)) / 1e6);
        Lines.push_back("  " + Out.string() + " (" + Size + ", " + std::to_string(R.Events.size()) +
                        " events)");
      },
      nullptr, Total);
  if (Written == 0)
    throw sqtt::Error("no Perfetto traces produced (no function, user or point markers found)");
  std::cerr << Tool << ": wrote " << Written << " perfetto trace(s):\n";
  for (const std::string &L : Lines)
    std::cerr << L << '\n';
  if (Skipped)
    std::cerr << Tool << ": skipped " << Skipped << " trace dir(s) without markers\n";
  if (Opts.ClockRateGHz <= 0)
    std::cerr << Tool << ": note: timestamps are SQTT cycles shown as ns; pass --clock-rate-ghz to "
                         "convert to real time\n";
  std::cerr << Tool << ": open the files at https://ui.perfetto.dev (drag and drop)\n";
  return Session.finish(Total, Opts.Trace.Strict);
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Per-wave timelines of SQTT marker traces as Chrome trace JSON for "
               "https://ui.perfetto.dev: one file per trace directory."};
  Opts.Trace.add(App);
  App.add_option("-o,--output-dir", Opts.OutputDir,
                 "Directory for the *.perfetto.json files (default: next to each trace directory)");
  App.add_option("--clock-rate-ghz", Opts.ClockRateGHz,
                 "Shader clock in GHz, to show real time (ts = cycles / GHz, in ns)")
      ->check(CLI::PositiveNumber);
  App.add_flag("--show", Opts.Show, "Print where to open the traces");
  SQTT_PARSE(App, Tool, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
