// sqtt-verify - proves on the ISA what an instrumented code object will
// record: balanced scopes on every path, markers the funcmap knows, payload
// headers followed by their records, m0 written (with gfx9's wait state)
// before s_ttracedata reads it, and markers on exactly the waves the scope
// masks select.
//
//   sqtt-verify app.co [more.co ...] [--json] [--target gfx942]
//   sqtt-verify --trace DIR [app.co ...] [--json] [--report FILE]
//
// With --trace, whether each wave of a trace recorded everything its code
// says it must (D31). Exit status: 0 when nothing is found (every wave
// complete), 1 with findings (incomplete waves), 2 for bad usage or an input
// that cannot be read.
#include "../ToolMain.h"
#include "../TraceToolSession.h"
#include "Version.h"
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/codeobjects/FuncmapTable.h"
#include "sqtt/isa/CodeObjectIsa.h"
#include "sqtt/isa/InstrumentationCost.h"
#include "sqtt/isa/KernelRunner.h"
#include "sqtt/isa/RecordBudget.h"
#include "sqtt/isa/Verifier.h"
#include "sqtt/rawatt/AttCaptureWriter.h"
#include "sqtt/rawatt/AttTokens.h"
#include "sqtt/completeness/InstrumentationShare.h"
#include "sqtt/completeness/TraceCompleteness.h"
#include "sqtt/writers/CompletenessWriters.h"
#include "sqtt/writers/VerifyWriters.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <optional>

namespace {

constexpr const char *Tool = "sqtt-verify";
namespace rtd = rocprof_trace_decoder::codeobj;
using namespace sqtt;

struct Options {
  std::vector<std::string> Inputs;
  std::string Target;
  bool Json = false;
  bool Verbose = false;
  std::string Trace;  // --trace: a trace to check instead of code objects alone
  std::string Report; // --report: the trace check's JSON report, written here
  std::string Output; // -o: stdout's report written to this file instead
  bool Budget = false; // --budget: records and bytes per wave, and per SE for a launch
  bool Cost = false;   // --cost: the plugin's instructions and their issue cycles
  isa::LaunchShape Launch;
  isa::VerifyLimits Limits;
};

/// Whether \p CO is of --target's (a prefix: "gfx942" takes
/// "gfx942:sramecc+:xnack-"), or any without one.
bool ofTarget(const Options &Opts, const CodeObject &CO) {
  return Opts.Target.empty() || CO.Target.rfind(Opts.Target, 0) == 0;
}

/// Calls \p Each(CO, Where) for every code object of every input (of
/// --target's, if given); an input without one is an error.
template <class Fn> void forEachCodeObject(const Options &Opts, Fn Each) {
  for (const std::string &Input : Opts.Inputs) {
    CodeObjectFile File(Input);
    size_t Matched = 0;
    for (const CodeObject &CO : File.codeObjects()) {
      if (!ofTarget(Opts, CO))
        continue;
      ++Matched;
      Each(CO, Input + (CO.BundleEntryID.empty() ? "" : " [" + CO.BundleEntryID + "]"));
    }
    if (!Matched)
      throw Error(Input + ": no AMDGPU code object" + (Opts.Target.empty() ? "" : " for target '" + Opts.Target + "'"));
  }
}

/// A code object's funcmap, if it has one, and the kernels it names.
struct MapOfCodeObject {
  std::optional<rtd::Funcmap> Map;
  std::vector<std::string> Kernels;
  const rtd::Funcmap *get() const { return Map ? &*Map : nullptr; }
};

MapOfCodeObject readMap(const ElfImage &Elf) {
  MapOfCodeObject M;
  if (const ElfSection *S = Elf.findSection(sqtt_marker_kind::funcmap_section)) {
    M.Map = rtd::parse_funcmap(Elf.contents(*S));
    for (const rtd::FuncmapEntry &E : M.Map->entries)
      if (E.type == rtd::FuncmapEntryType::Kernel)
        M.Kernels.push_back(E.name);
  }
  return M;
}

VerifiedCodeObject verifyOne(const CodeObject &CO, const std::string &Where, const Options &Opts) {
  VerifiedCodeObject R;
  R.Where = Where;
  R.Target = CO.Target;
  ElfImage Elf(CO.Data, CO.Size, Where);
  MapOfCodeObject Map = readMap(Elf);
  if (Map.Map) {
    requireUniqueMarkerIDs(*Map.Map, Where);
    for (const rtd::FuncmapDiagnostic &D : Map.Map->diagnostics)
      std::cerr << Tool << ": warning: " << Where << ": .sqtt_funcmap line " << D.line << ": " << D.message << '\n';
  }
  std::string Problem;
  isa::ScopeMasks Masks = isa::ScopeMasks::fromConfig(readConfigSection(Elf), Problem);
  isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where, Map.Kernels);
  R.Report = isa::verifyCodeObject(Isa, Map.get(), Masks, Opts.Limits);
  if (!Problem.empty())
    R.Report.Notes.push_back(Problem + ": which waves record is not checked");
  if (!Map.Map)
    R.Report.Notes.push_back("no .sqtt_funcmap section: every marker is unknown");
  for (const isa::FunctionResult &F : R.Report.Functions) {
    R.Kernels += F.Kernel;
    R.Functions += !F.Kernel && F.Traces;
    R.Paths += F.Paths;
  }
  return R;
}

int verify(const Options &Opts) {
  std::vector<VerifiedCodeObject> Results;
  size_t Findings = 0;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    Results.push_back(verifyOne(CO, Where, Opts));
    Findings += Results.back().Report.Findings.size();
    if (!Opts.Json)
      writeFindingsText(std::cout, std::cerr, Results.back(), Opts.Verbose);
  });
  if (Opts.Json)
    writeFindingsJson(std::cout, Results);
  if (Results.size() > 1 && !Opts.Json)
    std::cerr << Tool << ": " << Results.size() << " code objects: " << Findings << " finding"
              << (Findings == 1 ? "" : "s") << '\n';
  return Findings ? 1 : 0;
}

/// --trace: every wave of the trace against its code (D31).
int checkTrace(const Options &Opts) {
  std::ostream &Log = std::cerr;
  SessionOptions SO;
  SO.Base = Opts.Trace;
  SO.CodeObjects = Opts.Inputs;
  TraceToolSession Session(SO, Tool, Log);
  completeness::CompletenessReport R = completeness::checkTrace(
      Session, [&](const std::string &W) { std::cerr << Tool << ": warning: " << W << '\n'; },
      [&](size_t Dir, size_t Dirs) {
        if (Dirs > 1)
          Log << Tool << ": [" << Dir + 1 << "/" << Dirs << "] " << Session.traceDirs()[Dir] << '\n';
      });
  if (!Opts.Report.empty()) {
    std::ofstream Out(Opts.Report);
    writeCompletenessJson(Out, R);
    if (!Out.flush())
      throw Error(Opts.Report + ": cannot write the report");
    Log << Tool << ": wrote " << Opts.Report << '\n';
  }
  if (Opts.Json)
    writeCompletenessJson(std::cout, R);
  else
    writeCompletenessText(std::cout, R, Opts.Verbose ? 0 : 20, Opts.Verbose);
  if (R.Total.Waves == 0) {
    std::string Why;
    for (const std::string &U : R.Unchecked)
      Why += "\n  " + U;
    throw Error(Opts.Trace + ": no wave could be checked" + (Why.empty() ? ": the trace has no waves" : ":" + Why));
  }
  return R.Total.Complete == R.Total.Waves ? 0 : 1;
}

/// --budget: per kernel its records per wave, and for a launch (--grid)
/// the bytes per traced SE against the buffer. 1 when a launch overflows.
int budget(const Options &Opts) {
  std::vector<BudgetReport> Budgets;
  bool Overflow = false;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    ElfImage Elf(CO.Data, CO.Size, Where);
    MapOfCodeObject Map = readMap(Elf);
    std::string Problem;
    isa::ScopeMasks Masks = isa::ScopeMasks::fromConfig(readConfigSection(Elf), Problem);
    isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where, Map.Kernels);
    std::optional<rawatt::Generation> Gen = rawatt::generationOfTarget(CO.Target);
    for (isa::KernelBudget &B : isa::recordBudgets(Isa, Map.get(), Masks)) {
      BudgetReport R;
      R.Where = Where;
      R.Target = CO.Target;
      R.Budget = std::move(B);
      // A target without a raw format here: the widest token (gfx12's).
      R.RecordBits = rawatt::shaderDataBits(Gen ? *Gen : rawatt::Generation::Gfx12);
      R.BitsAssumed = !Gen;
      if (Opts.Launch.GridItems)
        R.Launch = isa::launchBudget(R.Budget, Opts.Launch, R.RecordBits);
      Overflow |= R.Launch && R.Launch->overflows();
      if (!Opts.Json)
        writeBudgetText(std::cout, R, Opts.Launch);
      Budgets.push_back(std::move(R));
    }
  });
  if (Opts.Json)
    writeBudgetsJson(std::cout, Budgets);
  if (!Opts.Launch.GridItems)
    std::cerr << Tool << ": note: give --grid (and --block) for the bytes per SE of a launch\n";
  std::cerr << Tool << ": note: the budget counts marker records only; the capture's own tokens (wave starts "
                       "and ends, instructions of the target CU) share the buffer\n";
  return Overflow ? 1 : 0;
}

/// --cost: per function the plugin's instructions by role and their issue
/// cycles.
int cost(const Options &Opts) {
  std::vector<CostReport> Costs;
  forEachCodeObject(Opts, [&](const CodeObject &CO, const std::string &Where) {
    isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, Where);
    for (isa::FunctionCost &C : isa::instrumentationCost(Isa, isa::InstructionCosts())) {
      CostReport R;
      R.Where = Where;
      R.Cost = std::move(C);
      if (!Opts.Json)
        writeCostText(std::cout, R);
      Costs.push_back(std::move(R));
    }
  });
  if (Opts.Json)
    writeCostsJson(std::cout, Costs);
  std::cerr << Tool << ": note: issue cycles by the cost model (" << isa::InstructionCosts().describe()
            << "); per path, a function's plugin instructions run as often as the code around them\n";
  return 0;
}

/// --cost --trace: the markers' share of each traced scope's cycles, from
/// the code objects' cost per record and the records each scope holds.
int costWithTrace(const Options &Opts) {
  SessionOptions SO;
  SO.Base = Opts.Trace;
  SO.CodeObjects = Opts.Inputs;
  TraceToolSession Session(SO, Tool, std::cerr);
  std::map<std::string, completeness::RecordCost> CostOfKernel;
  std::set<std::string> Read;
  for (const ProcessInputs &G : Session.Processes.Groups)
    for (const CodeObjectPath &P : G.CodeObjects) {
      if (!Read.insert(P.Path).second)
        continue;
      CodeObjectFile File(P.Path);
      for (const CodeObject &CO : File.codeObjects()) {
        if (!ofTarget(Opts, CO))
          continue;
        isa::CodeObjectIsa Isa = isa::CodeObjectIsa::decode(CO, P.Path);
        std::vector<isa::FunctionCost> Costs = isa::instrumentationCost(Isa, isa::InstructionCosts());
        completeness::RecordCost Cost = completeness::recordCost(Costs);
        for (const isa::FunctionCost &F : Costs)
          if (F.Kernel && !CostOfKernel.emplace(F.Name, Cost).second)
            std::cerr << Tool << ": note: kernel " << F.Name << " is in several code objects: the first one's cost "
                      << "per record is used\n";
      }
    }
  AnalysisOptions A;
  A.Build.Stats = true;
  ScopeStats Stats;
  RecordCounts Total;
  Session.analyze(A, 1, [&](DirResult &R) { Stats.merge(R.Stats); }, nullptr, Total);
  std::vector<completeness::ScopeShare> Shares =
      completeness::instrumentationShares(Stats.rows(Session.Names), CostOfKernel);
  if (Shares.empty())
    throw Error(Opts.Trace + ": no scope of a kernel of these code objects was traced");
  if (Opts.Json)
    writeSharesJson(std::cout, Shares);
  else
    writeSharesText(std::cout, Shares);
  std::cerr << Tool << ": note: an estimate: the records each scope holds in the trace (its exit and everything "
            << "nested) times its code object's issue cycles of plugin instructions per trace instruction, an "
            << "address block's lane records at their lane loop's (cost model: " << isa::InstructionCosts().describe()
            << "); waits the markers cause are not in it\n";
  return 0;
}

int run(const Options &Opts) {
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
  return verify(Opts);
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
     {"sqtt-verify --cost --trace out/", "How much of each traced scope's time its markers took."}},
    {{0, "no findings (with --trace: every wave complete)"},
     {1, "findings (with --trace: incomplete waves)"},
     {2, "a usage error (an unknown option, a bad value) or an input that cannot be read"}}};

} // namespace

int main(int argc, char **argv) {
  Options Opts;
  CLI::App App{"Prove on the ISA what instrumented code objects will record: on every path of every "
               "kernel and device function, scopes balance, every marker has its funcmap row and kind, "
               "payload headers are followed by their records, s_ttracedata reads an m0 that was written "
               "(with gfx9's wait state), and markers are emitted on exactly the waves the scope masks of "
               "the code object's configuration select. Works on code objects of any producer (without "
               "a configuration section, markers are assumed unscoped)."};
  App.add_option("code_objects", Opts.Inputs,
                 "Code objects, offload bundles (plain or compressed) or HIP host objects/executables; with "
                 "--trace, the trace's code objects (default: discovered in DIR as the trace tools do)")
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
