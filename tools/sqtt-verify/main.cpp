// sqtt-verify - proves on the ISA what an instrumented code object will
// record: balanced scopes on every path, markers the funcmap knows, payload
// headers followed by their records, m0 written (with gfx9's wait state)
// before s_ttracedata reads it, and markers on exactly the waves the scope
// masks select.
//
//   sqtt-verify app.co [more.co ...] [--json] [--target gfx942]
//   sqtt-verify --trace DIR [app.co ...] [--json] [--report FILE]
//   sqtt-verify --budget | --cost [--trace DIR] | --perturbation PLAIN INSTRUMENTED
//
// Each mode lives in its own file (Modes.h); this one parses the options
// and picks the mode.
//
// With --trace, whether each wave of a trace recorded everything its code
// says it must (D31). Exit status: 0 when nothing is found (every wave
// complete), 1 with findings (incomplete waves), 2 for bad usage or an input
// that cannot be read.
#include "../NumberChecks.h"
#include "../ToolMain.h"
#include "Modes.h"
#include "Version.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace {

using namespace sqtt;
using namespace sqtt::verify;

/// The mode the flags ask for; two modes at once are a usage error.
int run(const Options &Opts) {
  int Modes = Opts.Budget + Opts.Cost + Opts.Perturbation;
  if (Modes > 1)
    throw Error("--budget, --cost and --perturbation are separate modes: give one");
  if (!Opts.Trace.empty() && (Opts.Budget || Opts.Perturbation))
    throw Error(std::string(Opts.Budget ? "--budget" : "--perturbation") + " reads code objects, not a trace: drop --trace");
  if (Opts.Perturbation)
    return perturbation(Opts);
  if (Opts.Cost && !Opts.Trace.empty())
    return costWithTrace(Opts);
  if (!Opts.Trace.empty())
    return checkTrace(Opts);
  if (Opts.Cost) {
    if (Opts.Inputs.empty())
      throw Error("--cost: give the code objects to cost");
    return cost(Opts);
  }
  if (Opts.Budget) {
    if (Opts.Inputs.empty())
      throw Error("--budget: give the code objects to budget");
    return budget(Opts);
  }
  if (Opts.Inputs.empty())
    throw Error("give code objects to verify, or --trace DIR");
  return verifyCode(Opts);
}

const ToolHelp Help{
    "A line per finding on stdout (\"FILE: FUNCTION ADDRESS (SOURCE): KIND: MESSAGE\"), or with --json one "
    "document for every input; per code object a summary line, notes and warnings on stderr. With --trace, a "
    "line per incomplete wave and the counts per dispatch, kernel and SE on stdout (or the JSON report). No "
    "file is written unless --report or -o names one.",
    {{"sqtt-verify app.co", "Check one code object: a line per finding, the counts on stderr."},
     {"sqtt-verify a.co b.co -v", "Several inputs, each kernel and function listed with its paths."},
     {"sqtt-verify my_app --target gfx942 --json", "The gfx942 code object of a HIP executable, as JSON."},
     {"sqtt-verify --trace out/", "Is every wave of a rocprofv3 --att capture complete?"},
     {"sqtt-verify --trace out/ --report complete.json", "The same, its JSON report written to a file."},
     {"sqtt-verify --json -o findings.json build/*.co", "Every code object's findings in one JSON file."},
     {"sqtt-verify --cost --trace out/", "How much of each traced scope's time its markers took."},
     {"sqtt-verify --perturbation plain.co instrumented.co",
      "What the plugin changed in each kernel beside its own instructions (registers, scratch, waits)."}},
    {{0, "no findings (with --trace: every wave complete; with --perturbation: nothing but the plugin's "
         "instructions changed)"},
     {1, "findings (with --trace: incomplete waves; with --perturbation: a perturbed kernel)"},
     {2, "a usage error (an unknown option, a bad value) or an input that cannot be read"}}};

} // namespace

int main(int argc, char **argv) {
  using namespace sqtt;
  Options Opts;
  CLI::App App{"Prove on the ISA what instrumented code objects will record: on every path of every "
               "kernel and device function, scopes balance, every marker has its funcmap row and kind, "
               "payload headers are followed by their records, s_ttracedata reads an m0 that was written "
               "(with gfx9's wait state), and markers are emitted on exactly the waves the scope masks of "
               "the code object's configuration select. Works on code objects of any producer (without "
               "a configuration section, markers are assumed unscoped)."};
  App.add_option("code_objects", Opts.Inputs,
                 "Code objects, offload bundles (plain or compressed) or HIP host objects/executables; with "
                 "--perturbation the plain build, then the instrumented one; with --trace, the trace's code objects (default: discovered in DIR as the trace tools do)")
      ->type_name("CODE_OBJECT");
  App.add_option("--trace", Opts.Trace,
                 "Check a trace instead: whether each wave recorded every record its code must produce, "
                 "where the first gap is and why (loss, the trace's end, records no path explains)")
      ->type_name("DIR");
  App.add_option("--report", Opts.Report, "With --trace, also write the JSON report to this file")
      ->type_name("FILE");
  App.add_flag("--budget", Opts.Budget,
               "Instead of the checks, each kernel's records per wave (shortest path, longest with each loop "
               "once, per further loop iteration) and bytes; with --grid, the bytes per traced SE of that "
               "launch against the trace buffer, and whether it will overflow (exit 1)");
  App.add_flag("--cost", Opts.Cost,
               "Instead of the checks, the plugin's instructions in each function (trace instructions, m0 "
               "writes, wait states, the values they record, scope tests, address blocks' lane loops) and their "
               "issue cycles; with --trace DIR, the share of each traced scope's cycles they take (an address "
               "block's lane records at their loop's cost)");
  App.add_flag("--perturbation", Opts.Perturbation,
               "Instead of the checks, compare two builds of the same source, PLAIN (without the plugin) and "
               "INSTRUMENTED (with it), given in that order: per kernel its registers, scratch, LDS, spills, "
               "waves per SIMD and code size, and per loop the kernel's own instructions and memory waits that "
               "differ; exit 1 when anything but the plugin's own instructions changed");
  auto Size = [](const char *Name, uint64_t &Out) {
    return [Name, &Out](const std::string &Text) {
      // "X" or "X,Y,Z": the product.
      uint64_t Product = 1;
      size_t From = 0;
      while (From <= Text.size()) {
        size_t Comma = Text.find(',', From);
        std::string Part = Text.substr(From, Comma == std::string::npos ? std::string::npos : Comma - From);
        if (Part.empty() || Part.find_first_not_of("0123456789") != std::string::npos || Part.size() > 13)
          throw CLI::ValidationError(std::string(Name) + ": '" + Text + "' is not a size: a positive integer or X,Y,Z");
        uint64_t V = std::stoull(Part);
        if (V == 0)
          throw CLI::ValidationError(std::string(Name) + ": '" + Text + "': a dimension of 0 work-items");
        if (V > (uint64_t(1) << 40) || (Product *= V) > (uint64_t(1) << 40))
          throw CLI::ValidationError(std::string(Name) + ": '" + Text + "': more than 2^40 work-items");
        From = Comma == std::string::npos ? Text.size() + 1 : Comma + 1;
      }
      Out = Product;
    };
  };
  App.add_option_function<std::string>("--grid", Size("--grid", Opts.Launch.GridItems),
                                       "With --budget: the launch's grid in work-items (X or X,Y,Z)")
      ->type_name("SIZE");
  App.add_option_function<std::string>("--block", Size("--block", Opts.Launch.BlockItems),
                                       "With --budget: the workgroup size in work-items (X or X,Y,Z)")
      ->type_name("SIZE")
      ->default_str("256");
  App.add_option("--shader-engines", Opts.Launch.ShaderEngines,
                 "With --budget: the GPU's shader engines, which the waves are spread over")
      ->capture_default_str()
      ->check(wholeNumber(1, 256));
  App.add_option("--traced-ses", Opts.Launch.TracedEngines,
                 "With --budget: the shader engines the capture traces, which share the buffer "
                 "(rocprofv3's --att-shader-engine-mask; its default 0x1 is one)")
      ->capture_default_str()
      ->check(wholeNumber(1, 256));
  App.add_option("--buffer-size", Opts.Launch.BufferBytes,
                 "With --budget: the trace buffer in bytes, rocprofv3's --att-buffer-size (default: "
                 "100663296, its 96 MiB)")
      ->check(wholeNumber(1 << 12, (long long)1 << 40));
  App.add_option("--trips", Opts.Launch.Trips, "With --budget: iterations per loop entry assumed for a launch's bytes")
      ->capture_default_str()
      ->check(wholeNumber(1, 1 << 20));
  App.add_option("--target", Opts.Target, "Only code objects whose target starts with this (e.g. gfx942)")
      ->type_name("GFX");
  App.add_flag("--json", Opts.Json, "Print the findings and counts as JSON on stdout");
  App.add_option_function<std::string>(
         "-f,--format", [&Opts](const std::string &F) { Opts.Json = F == "json"; },
         "text or json (-f json is --json)")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  App.add_flag("-v,--verbose", Opts.Verbose,
               "Also list each kernel and function with its paths (with --trace: every incomplete wave, and "
               "the counts per CU)");
  App.add_option("--max-steps", Opts.Limits.MaxSteps,
                 "Instructions walked per function and hardware-id case before giving up (a finding)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  App.add_option("-o,--output", Opts.Output, "Write what goes to stdout to this file instead")->type_name("FILE");
  sqtt::addVersionFlag(App, Tool);
  SQTT_PARSE(App, Tool, Help, argc, argv);
  try {
    return sqtt::withStdoutTo(Opts.Output, [&] { return run(Opts); });
  } catch (const std::exception &E) {
    std::cerr << Tool << ": error: " << E.what() << '\n';
    return 2;
  }
}
