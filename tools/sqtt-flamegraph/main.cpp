// sqtt-flamegraph - flamegraphs of SQTT marker traces.
//
//   sqtt-flamegraph trace_output/ --demangle > stacks.folded
//   sqtt-flamegraph after/ --baseline before/ > diff.folded
//
// Folded stacks (self cycles per stack) go to stdout (or the -f format to
// -o); the SVG goes to ./sqtt_flamegraph.svg when there is no -o (the
// reference's default, docs/TOOLS.md; said on stderr; --no-svg writes
// none), to an -o ending in .svg, or to --svg FILE. With --baseline the lines are difffolded.pl's
// "stack <baseline> <cycles>" and the SVG is differential.
#include "../NumberChecks.h"
#include "../ToolMain.h"
#include "Version.h"
#include "../TraceToolSession.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/OpenInViewer.h"
#include "sqtt/writers/TraceWriters.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>

namespace {

constexpr const char *Tool = "sqtt-flamegraph";
/// Where the SVG goes when nothing else is asked for (docs/TOOLS.md).
constexpr const char *DefaultSvgPath = "./sqtt_flamegraph.svg";

struct Options {
  sqtt::TraceToolOptions Trace;
  std::string Format = "folded";
  std::string Output, Svg, Baseline;
  std::string BaselineMatch = "kernel";
  bool Show = false, WithExecs = false, NoSvg = false, NoKernelFrame = false;
  sqtt::SvgOptions Look;
};

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() && S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

/// Analyzes one trace; its stacks sorted by descending cycles.
std::vector<sqtt::FoldedStack> profile(const Options &Opts, sqtt::TraceToolSession &Session,
                                       sqtt::RecordCounts &Total) {
  sqtt::AnalysisOptions A = Opts.Trace.analysis();
  A.Build.Profile = true;
  A.KernelSelfTime = !Opts.NoKernelFrame;
  sqtt::FoldedProfile Profile;
  Session.analyze(
      A, Opts.Trace.Jobs,
      [&](sqtt::DirResult &R) {
        Session.dirLine(R);
      },
      &Profile, Total);
  return sqtt::sortedStacks(Profile);
}

/// How the stacks of the two traces were paired, and a warning when none
/// were: a differential of traces of different kernels shows only change.
void reportPairing(const sqtt::DifferentialProfile &P, sqtt::BaselineMatch Match, size_t TraceStacks) {
  const char *By = Match == sqtt::BaselineMatch::Kernel ? "by kernel and scope path"
                                                         : "by every frame, the code-object frame included";
  std::cerr << Tool << ": baseline: " << P.Matched << " of its " << P.BaselineStacks << " stacks matched "
            << By;
  if (P.AcrossCodeObjects)
    std::cerr << " (" << P.AcrossCodeObjects << " under another code-object frame)";
  std::cerr << "; " << P.BaselineStacks - P.Matched << " only in the baseline, " << P.OnlyInTrace
            << " only in this trace\n";
  for (const auto &[Before, After] : P.CodeObjectPairs)
    std::cerr << Tool << ": baseline: " << Before << " compared with this trace's " << After << '\n';
  if (P.Matched == 0 && P.BaselineStacks && TraceStacks)
    std::cerr << Tool << ": warning: no stack of the baseline matched one of this trace " << By
              << ": every stack shows as new or gone. Are they traces of the same kernels?"
              << (Match == sqtt::BaselineMatch::Kernel
                      ? "\n"
                      : " (--baseline-match=kernel pairs stacks whatever the code-object IDs and targets)\n");
}


int run(Options &Opts) {
  // Where everything goes, checked before any analysis.
  bool OutputIsSvg = endsWith(Opts.Output, ".svg");
  if (OutputIsSvg && !Opts.Svg.empty())
    throw sqtt::Error("-o " + Opts.Output + " and --svg " + Opts.Svg + " both ask for the SVG");
  const bool DefaultSvg = Opts.Svg.empty() && Opts.Output.empty();
  std::string Svg = !Opts.Svg.empty() ? Opts.Svg
                    : OutputIsSvg     ? Opts.Output
                    : DefaultSvg      ? DefaultSvgPath
                                      : "";
  if (Opts.NoSvg)
    Svg.clear();
  if (!Opts.Output.empty())
    sqtt::checkOutputFile(Opts.Output);
  if (!Svg.empty() && Svg != Opts.Output)
    sqtt::checkOutputFile(Svg);

  sqtt::TraceToolSession Session(Opts.Trace.Session, Tool, std::cerr);
  sqtt::RecordCounts Total;
  std::vector<sqtt::FoldedStack> Stacks = profile(Opts, Session, Total);
  bool Diff = !Opts.Baseline.empty();
  int Status = 0;
  if (Diff) {
    sqtt::SessionOptions BaseInput = Opts.Trace.Session;
    BaseInput.Base = Opts.Baseline;
    BaseInput.CodeObjects.clear(); // -c names the trace's code objects, not the baseline's
    std::cerr << Tool << ": baseline " << Opts.Baseline << ":\n";
    sqtt::TraceToolSession Base(BaseInput, Tool, std::cerr);
    sqtt::RecordCounts BaseTotal;
    std::vector<sqtt::FoldedStack> Before = profile(Opts, Base, BaseTotal);
    Status = Base.finish(BaseTotal, Opts.Trace.Strict);
    sqtt::BaselineMatch Match =
        Opts.BaselineMatch == "kernel" ? sqtt::BaselineMatch::Kernel : sqtt::BaselineMatch::CodeObject;
    sqtt::DifferentialProfile Paired = sqtt::differentialStacks(Stacks, Before, Base.Names, Session.Names, Match);
    reportPairing(Paired, Match, Stacks.size());
    Stacks = std::move(Paired.Stacks);
    Opts.Look.Differential = true;
  }

  // The main output: stdout, unless -o takes it.
  auto WriteMain = [&](std::ostream &OS) {
    if (Diff)
      sqtt::writeDiffFolded(OS, Stacks, Session.Names);
    else if (Opts.Format == "speedscope")
      sqtt::writeSpeedscope(OS, Stacks, Session.Names);
    else
      sqtt::writeFolded(OS, Stacks, Session.Names, Opts.WithExecs);
  };
  // -o and the SVG: both files or neither.
  sqtt::OutputFiles Out;
  bool MainToFile = !Opts.Output.empty() && !OutputIsSvg;
  if (MainToFile)
    Out.write(Opts.Output, WriteMain);
  if (!Svg.empty())
    Out.write(Svg, [&](std::ostream &OS) {
      sqtt::writeFlamegraphSvg(OS, Stacks, Session.Names, Opts.Look);
    });
  Out.commit();
  if (!MainToFile) {
    WriteMain(std::cout);
    std::cout.flush();
  } else {
    std::cerr << Tool << ": wrote " << (Diff ? "differential folded" : Opts.Format) << " output to "
              << Opts.Output << '\n';
  }
  std::cerr << Tool << ": generated " << Stacks.size() << " unique stacks\n";

  if (!Svg.empty()) {
    std::cerr << Tool << ": wrote " << (Diff ? "differential " : "") << "flamegraph to " << Svg
              << (Svg == DefaultSvgPath ? " (the default without -o; --no-svg writes none)" : "") << '\n';
    if (Opts.Show) {
      if (!sqtt::openInViewer(Svg))
        std::cerr << Tool << ": could not run xdg-open; open " << Svg << " in a browser\n";
    }
  }
  Status = std::max(Status, Session.finish(Total, Opts.Trace.Strict));
  if (Stacks.empty()) {
    std::cerr << Tool << ": error: no stacks: no function or user scope was closed in the "
                         "selected records\n";
    return 1;
  }
  return Status;
}

const sqtt::ToolHelp Help{
    "Folded stacks on stdout, and the SVG to ./sqtt_flamegraph.svg in the current directory (stderr says so; "
    "--no-svg writes none). With -o FILE the -f format goes to FILE and the SVG only to --svg FILE (or to an "
    "-o ending in .svg). Progress, notes and the summary on stderr.",
    {{"sqtt-flamegraph trace_output/ --demangle > stacks.folded",
      "Folded stacks to a file, the SVG to ./sqtt_flamegraph.svg."},
     {"sqtt-flamegraph trace_output/ --no-svg | flamegraph.pl > fg.svg",
      "Only the folded stacks, drawn by flamegraph.pl."},
     {"sqtt-flamegraph trace_output/ -o fg.svg", "Only the SVG, to fg.svg."},
     {"sqtt-flamegraph after/ --baseline before/ --svg diff.svg > diff.folded",
      "A differential flamegraph: stacks paired by kernel and scope path."}},
    {{0, "the stacks were written"},
     {1, "an error: an input that cannot be read, no stacks, a filter that matches nothing, an output that "
         "cannot be written; with --strict, anything that could not be attributed"},
     {2, "a usage error (an unknown option, a bad value)"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Flamegraphs of SQTT marker traces: self cycles per stack of function and user "
               "scopes, per kernel and code object. Folded stacks go to stdout; with --baseline, "
               "difffolded.pl's lines and a differential SVG."};
  Opts.Trace.add(App);
  auto *FormatOpt = App.add_option("-f,--format", Opts.Format,
                                   "Format of the main output (stdout, or the -o file): folded or speedscope JSON")
                        ->check(CLI::IsMember({"folded", "speedscope"}))
                        ->capture_default_str();
  App.add_flag_callback(
         "--json", [&Opts] { Opts.Format = "speedscope"; }, "Speedscope JSON instead of folded stacks (-f speedscope)")
      ->excludes(FormatOpt);
  App.add_option("-o,--output", Opts.Output,
                 "Output file for the -f format; a path ending in .svg receives the SVG instead. "
                 "With -o, the SVG is written only to --svg FILE (or the .svg -o)")
      ->type_name("FILE");
  App.add_option("--svg", Opts.Svg,
                 "Where the SVG goes (default: ./sqtt_flamegraph.svg when there is no -o)")
      ->type_name("FILE");
  App.add_flag("--no-svg", Opts.NoSvg, "Do not write the SVG");
  App.add_option("--baseline", Opts.Baseline,
                 "Another rocprofv3 --att output directory (the \"before\"): differential output "
                 "(stack <baseline cycles> <cycles>) and SVG (widths from this trace; red: more "
                 "than the baseline, blue: less)")
      ->type_name("DIR");
  App.add_option("--baseline-match", Opts.BaselineMatch,
                 "How --baseline pairs stacks: kernel (by kernel and scope path, whatever the "
                 "code-object IDs and targets) or code-object (every frame, the code-object frame "
                 "included)")
      ->check(CLI::IsMember({"kernel", "code-object"}))
      ->capture_default_str();
  App.add_flag("--show", Opts.Show, "Open the SVG in a browser");
  App.add_flag("--no-kernel-frame", Opts.NoKernelFrame,
               "Leave out the kernel frame's own time (each traced wave's lifetime in occupancy.json "
               "less its scoped time): the folded stacks of ROCm's sqtt_flamegraph.py script, where the root "
               "is 100 % of the scoped time. --time leaves it out too (a window cuts scopes, not lifetimes)");
  App.add_flag("--with-execs", Opts.WithExecs,
               "Add the columns ROCm's sqtt_flamegraph.py writes to folded lines: intervals attributed and average "
               "cycles (then no longer plain folded input for flamegraph.pl)");
  App.add_option("--title", Opts.Look.Title, "SVG title")->capture_default_str()->type_name("TITLE");
  App.add_option("--subtitle", Opts.Look.Subtitle, "SVG subtitle")->type_name("SUBTITLE");
  App.add_option("--width", Opts.Look.Width, "SVG width in pixels")
      ->check(sqtt::finiteNumber(100, 100000, "pixels"))
      ->capture_default_str()
      ->type_name("PIXELS");
  App.add_option("--minwidth", Opts.Look.MinWidth, "Leave out frames narrower than this (pixels)")
      ->check(sqtt::finiteNumber(0, 100000, "pixels"))
      ->capture_default_str()
      ->type_name("PIXELS");
  App.add_option("--colors", Opts.Look.Colors, "Palette of the SVG")
      ->check(CLI::IsMember(sqtt::svgPalettes()))
      ->capture_default_str();
  App.add_option("--countname", Opts.Look.CountName, "Name of the counts in tooltips and the header")
      ->capture_default_str()
      ->type_name("NAME");
  App.add_flag("--inverted", Opts.Look.Inverted, "Icicle graph: the root at the top");
  sqtt::addVersionFlag(App, "sqtt-flamegraph");
  SQTT_PARSE(App, Tool, Help, argc, argv);
  return sqtt::runTool(Tool, [&] { return run(Opts); });
}
