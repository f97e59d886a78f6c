// sqtt-flamegraph - flamegraphs of SQTT marker traces.
//
//   sqtt-flamegraph trace_output/ --demangle > stacks.folded
//
// Folded stacks (self cycles per stack) go to stdout; an interactive SVG is
// written too; --format speedscope writes speedscope's JSON to -o.
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolOptions.h"
#include "sqtt/support/Error.h"
#include "sqtt/writers/TraceWriters.h"

#include <cstdlib>
#include <iostream>

namespace {

constexpr const char *Tool = "sqtt-flamegraph";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string Format = "folded";
  std::string Output;
  bool Show = false, WithExecs = false, NoSvg = false;
};

int run(const Options &Opts) {
  sqtt::TraceSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Folded = true;
  sqtt::LossCounters Total;
  sqtt::FoldedProfile Profile;
  Session.analyzeDirs(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        std::cerr << Tool << ":   " << R.Dir << ": " << R.Loss.Headers << " markers, " << R.WaveCount
                  << " waves, " << R.Dispatches << " dispatch(es), " << R.Slots << " wave slots\n";
      },
      &Profile, Total);
  std::vector<sqtt::FoldedStack> Stacks = sqtt::sortedStacks(Profile);
  sqtt::writeFolded(std::cout, Stacks, Session.Names, Opts.WithExecs);
  std::cout.flush();
  std::cerr << Tool << ": generated " << Stacks.size() << " unique stacks\n";

  bool SvgToOutput = Opts.Output.size() > 4 && Opts.Output.substr(Opts.Output.size() - 4) == ".svg";
  std::string Svg = SvgToOutput ? Opts.Output : "sqtt_flamegraph.svg";
  // Both files or neither.
  sqtt::OutputFiles Out;
  if (!Opts.Output.empty() && !SvgToOutput)
    Out.write(Opts.Output, [&](std::ostream &OS) {
      if (Opts.Format == "speedscope")
        sqtt::writeSpeedscope(OS, Stacks, Session.Names);
      else
        sqtt::writeFolded(OS, Stacks, Session.Names, Opts.WithExecs);
    });
  if (!Opts.NoSvg)
    Out.write(Svg, [&](std::ostream &OS) {
      sqtt::writeFlamegraphSvg(OS, Stacks, Session.Names, "SQTT Flamegraph");
    });
  Out.commit();
  if (!Opts.Output.empty() && !SvgToOutput)
    std::cerr << Tool << ": wrote " << Opts.Format << " output to " << Opts.Output << '\n';
  if (!Opts.NoSvg) {
    std::cerr << Tool << ": wrote flamegraph to " << Svg << '\n';
    if (Opts.Show) {
      std::string Cmd = "xdg-open '" + Svg + "' >/dev/null 2>&1 &";
      if (std::system(Cmd.c_str()) != 0)
        std::cerr << Tool << ": open " << Svg << " in a browser\n";
    }
  }
  Session.printSummary(Total);
  if (Stacks.empty()) {
    std::cerr << Tool << ": warning: no stacks generated; check the filters or the marker data\n";
    return Total.RecordsRead == 0 ? 1 : 0;
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Flamegraphs of SQTT marker traces: self cycles per stack of function and user "
               "scopes, per kernel and code object. Folded stacks go to stdout."};
  Opts.Trace.add(App);
  App.add_option("-f,--format", Opts.Format, "Format of the -o file")
      ->check(CLI::IsMember({"folded", "speedscope"}));
  App.add_option("-o,--output", Opts.Output,
                 "Output file: a .svg path receives the SVG; any other path receives the -f format "
                 "and the SVG goes to ./sqtt_flamegraph.svg");
  App.add_flag("-s,--show", Opts.Show, "Open the SVG in a browser");
  App.add_flag("--with-execs", Opts.WithExecs,
               "Add the reference's columns to folded lines: intervals attributed and average cycles");
  App.add_flag("--no-svg", Opts.NoSvg, "Do not write the SVG");
  sqtt::addVersionFlag(App, "sqtt-flamegraph");
  CLI11_PARSE(App, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
