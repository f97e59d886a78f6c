// sqtt-synth - a simulated rocprofv3 --att output tree with ground truth.
//
//   sqtt-synth -c build/demo/kernel_code_object_id_1.co -o sim_trace/ --seed 7
//
// From real code objects built with the SQTT plugin: by default each wave
// runs its kernel's code on the ISA model (every stack one the kernel can
// produce); --random draws nestings of every marker kind of the funcmaps
// instead. Laid out exactly as rocprofv3 --att writes a trace, plus
// ground_truth.json (self cycles per stack, slices per scope, counts),
// truth_addresses.txt, truth_headers.txt and truth_events.txt (every
// wave's slices and instants). Everything it writes is marked
// as simulated.
#include "../ToolMain.h"
#include "Version.h"
#include "sqtt/isa/KernelRunner.h"
#include "sqtt/session/AttBesideTree.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/Progress.h"
#include "sqtt/synth/Synth.h"

#include <CLI/CLI.hpp>

#include <filesystem>

#include <iostream>

namespace {

const sqtt::ToolHelp Help{
    "Only the -o DIR tree (written beside it and renamed into place): ui_* directories, the code objects, "
    "ground_truth.json and truth_*.txt, and with --att the .att files. What it wrote on stderr; nothing on "
    "stdout.",
    {{"sqtt-synth -c kernel_code_object_id_1.co -o sim_trace/ --seed 7",
      "Each wave runs the kernel's code on the ISA model."},
     {"sqtt-synth -c k.co -o sim_trace/ --target-cu 0 --att --force",
      "With CU 0's wave files and the raw .att files, replacing sim_trace/."},
     {"sqtt-synth -c k.co -o sim_trace/ --random --stacks 300 --max-depth 8",
      "Markers drawn from the funcmap: 300 stacks up to 8 deep."}},
    {{0, "the tree was written"},
     {1, "an error: a code object that cannot be read or has no .sqtt_funcmap, an output directory that is not "
         "empty (without --force) or cannot be written"},
     {2, "a usage error (an unknown option, a bad value), or a run too large to simulate"}}};

/// What the command line sets: the scenario, and how the code is followed.
struct Options {
  sqtt::SynthScenario S;
  bool Random = false, Att = false;
  sqtt::isa::InstructionCosts Costs;
  sqtt::isa::RunLimits Limits;
  std::string CostSpec, LossSpec;
};

/// The tree's shape: its inputs, output and hardware.
void addShapeOptions(CLI::App &App, Options &O) {
  App.add_option("-c,--code-objects", O.S.CodeObjects,
                 "Code objects, each with a .sqtt_funcmap: ID=FILE, or FILE named *code_object_id_<N>* (ID N), "
                 "or one FILE of any name (ID 1)")
      ->required()
      ->type_name("[ID=]FILE");
  App.add_option("-o,--output", O.S.Output, "Output directory (a rocprofv3 --att tree)")
      ->required()
      ->type_name("DIR");
  App.add_option("--seed", O.S.Seed, "Random seed")->capture_default_str();
  App.add_option("--dirs", O.S.Dirs,
                 "Dispatches of each code object's kernel; each is its own ui_* directory and time domain")
      ->check(CLI::Range(1u, 64u))
      ->capture_default_str();
  App.add_option("--shader-engines", O.S.ShaderEngines, "Shader engines")->check(CLI::Range(1u, 32u))
      ->capture_default_str();
  App.add_option("--cus", O.S.CUs, "CUs per shader engine")->check(CLI::Range(1u, 128u))
      ->capture_default_str();
  App.add_option("--simds", O.S.SIMDs, "SIMDs per CU")->check(CLI::Range(1u, 4u))
      ->capture_default_str();
  App.add_option("--waves-per-simd", O.S.WavesPerSIMD, "Wave slots per SIMD")->check(CLI::Range(1u, 32u))
      ->capture_default_str();
  App.add_option("--relaunches", O.S.Relaunches, "Waves each slot runs after its first")
      ->check(CLI::Range(0u, 100000u))
      ->capture_default_str();
}

/// How waves draw their markers: following the code, or --random's options.
CLI::Option *addModeOptions(CLI::App &App, Options &O) {
  // The default costs with a space after each comma, so --help can wrap them.
  std::string DefaultCosts;
  for (char C : O.Costs.describe())
    DefaultCosts += C == ',' ? std::string(", ") : std::string(1, C);
  CLI::Option *RandomFlag = App.add_flag(
      "--random", O.Random,
      "Draw each wave's markers from the funcmap (any nesting, every marker kind) instead of running the "
      "kernel's code");
  App.add_option("--costs", O.CostSpec,
                 "Cycles per instruction class when following the code, e.g. valu=8,vmem=40 (classes: salu, "
                 "smem, valu, vmem, lds, branch, wait, barrier, other; default " + DefaultCosts + ")")
      ->type_name("CLASS=N,...")
      ->excludes(RandomFlag);
  App.add_option("--loop-trips", O.Limits.LoopTrips,
                 "Most iterations of a loop the code does not bound, drawn per entry from 1 to this")
      ->check(CLI::Range(1u, 100000u))
      ->excludes(RandomFlag)
      ->capture_default_str();
  App.add_flag("--exact-trips", O.Limits.ExactTrips,
               "Run every loop the code does not bound exactly --loop-trips iterations per entry (a fixed "
               "launch, to hold sqtt-verify --budget --trips against)")
      ->excludes(RandomFlag);
  App.add_option("--max-steps", O.Limits.MaxSteps, "Instructions a wave runs before it is cut")
      ->check(CLI::Range(size_t(1), size_t(1) << 40))
      ->excludes(RandomFlag)
      ->capture_default_str();
  App.add_option("--events-per-wave", O.S.EventsPerWave, "Marker events per wave (--random)")
      ->check(CLI::Range(1u, 100000000u))
      ->needs(RandomFlag)
      ->capture_default_str();
  App.add_option("--max-depth", O.S.MaxDepth, "Deepest scope nesting (--random)")->check(CLI::Range(1u, 64u))->needs(RandomFlag)
      ->capture_default_str();
  App.add_option("--stacks", O.S.Stacks,
                 "Distinct scope stacks per code object: a fixed call tree whose leaves are --min-depth "
                 "to --max-depth deep, followed by every wave (--random; 0: any scope anywhere)")
      ->check(CLI::Range(0u, 1000000u))
      ->needs(RandomFlag)
      ->capture_default_str();
  App.add_option("--min-depth", O.S.MinDepth, "Shallowest leaf of the --stacks call tree (--random)")
      ->check(CLI::Range(1u, 64u))
      ->needs(RandomFlag)
      ->capture_default_str();
  App.add_option("--event-gap", O.S.EventGap,
                 "Mean cycles between a wave's events (--random; 0: 10 to 499 cycles)")
      ->check(CLI::Range(0u, 1000000u))
      ->needs(RandomFlag)
      ->capture_default_str();
  return RandomFlag;
}

/// What else the tree holds, and what it loses.
void addOutputOptions(CLI::App &App, Options &O, CLI::Option *RandomFlag) {
  App.add_flag("--compact", O.S.Compact, "Records on one line, as json.dump writes them (default: one a line)");
  App.add_option("--max-delay", O.S.MaxDelay, "Largest arrival delay of packed gfx12 headers (cycles)")
      ->capture_default_str();
  App.add_option("--target-cu", O.S.TargetCU,
                 "Also write wave files (every instruction that CU's waves executed, from the same run of the "
                 "code as their records) and code.json rows with their totals, as rocprofv3 --att-target-cu "
                 "does, and truth_instructions.txt; the records are the same with or without it")
      ->type_name("CU")
      ->check(CLI::Range(0, 127))
      ->excludes(RandomFlag);
  App.add_option("--priv-percent", O.S.PrivPercent, "Trap-handler records per 100 events")
      ->check(CLI::Range(0u, 100u))
      ->capture_default_str();
  App.add_flag("--att", O.Att,
               "Also write the raw .att files rocprofv3 keeps beside the code objects (one per shader engine "
               "and dispatch, in the stream format of the code objects' target), holding the same records "
               "and waves as the ui_* directories");
  App.add_flag("--force", O.S.Force, "Replace the output directory when it exists and is not empty");
  App.add_option("--loss", O.LossSpec,
                 "Drop records as a trace buffer does, to test what a capture lost: buffer=BYTES (each shader "
                 "engine keeps its first BYTES of records, 8 a record) and/or burst=RATE[:LENGTH] (each record "
                 "starts a burst of LENGTH lost ones with probability RATE); truth_lost.txt lists every record "
                 "dropped")
      ->type_name("SPEC");
}

/// The summary on stderr: what was written, and what the simulation had to
/// leave out.
void report(const Options &O, const sqtt::SynthStats &Stats, size_t Dirs) {
  std::cerr << "sqtt-synth: wrote " << Stats.Records << " simulated records (" << Stats.Headers
            << " headers, " << Stats.AddressBlocks << " address blocks) of " << Stats.Waves << " waves in "
            << Dirs << " dispatch(es) to " << O.S.Output << (O.Random ? " (random mode)" : " (following the code)")
            << "\n";
  for (const std::string &N : Stats.Notes)
    std::cerr << "sqtt-synth: note: " << N << "\n";
  if (Stats.LostRecords)
    std::cerr << "sqtt-synth: --loss dropped " << Stats.LostRecords << " record(s), each listed in truth_lost.txt\n";
  if (O.Att) {
    size_t Files = 0;
    try {
      Files = sqtt::writeAttBesideTree(O.S.Output);
    } catch (const std::exception &E) {
      // A failed run leaves nothing: the tree this run wrote goes with it.
      std::error_code EC;
      std::filesystem::remove_all(O.S.Output, EC);
      throw sqtt::Error(std::string(E.what()) + "; nothing was written (" + O.S.Output + " is removed)");
    }
    std::cerr << "sqtt-synth: wrote " << Files << " .att file(s)\n";
  }
  if (!Stats.Headers)
    std::cerr << "sqtt-synth: warning: no wave recorded a marker: the scope masks the code objects were built "
                 "with select none of the simulated waves, or their kernels record none (sqtt-decode-funcmap "
                 "shows the masks)\n";
  if (Stats.CutWaves)
    std::cerr << "sqtt-synth: warning: " << Stats.CutWaves << " wave(s) reached --max-steps " << O.Limits.MaxSteps
              << " before s_endpgm; their trace ends there\n";
  if (Stats.OpenAtEnd)
    std::cerr << "sqtt-synth: warning: " << Stats.OpenAtEnd
              << " wave(s) ended with scopes open (cut at --max-steps, or code sqtt-verify rejects); the "
                 "simulator closed them\n";
  if (Stats.UnknownHeaders)
    std::cerr << "sqtt-synth: note: " << Stats.UnknownHeaders
              << " marker(s) whose value the code computes from data were left out\n";
}

} // namespace

int main(int argc, char **argv) {
  Options O;
  sqtt::SynthScenario &S = O.S;
  CLI::App App{"Simulate a rocprofv3 --att trace of code objects built with the SQTT plugin, "
               "with its ground truth. Each wave runs its kernel's code on the ISA model (--random: draws "
               "markers from the funcmap). There is no GPU here: the output says it is simulated."};
  addShapeOptions(App, O);
  CLI::Option *RandomFlag = addModeOptions(App, O);
  addOutputOptions(App, O, RandomFlag);
  sqtt::addVersionFlag(App, "sqtt-synth");
  SQTT_PARSE(App, "sqtt-synth", Help, argc, argv);
  if (std::string Problem = sqtt::synthLimitProblem(S); !Problem.empty()) {
    std::cerr << "sqtt-synth: error: " << Problem << "\n";
    return 2;
  }
  return sqtt::runTool("sqtt-synth", [&] {
    if (S.MinDepth > S.MaxDepth)
      throw sqtt::Error("--min-depth " + std::to_string(S.MinDepth) + " is deeper than --max-depth " +
                        std::to_string(S.MaxDepth));
    if (!O.CostSpec.empty())
      O.Costs.apply(O.CostSpec);
    if (!O.LossSpec.empty())
      S.Loss.apply(O.LossSpec);
    if (!O.Random)
      S.LoadPrograms = [&](const std::string &Path, const std::vector<std::string> &Kernels) {
        return sqtt::isa::loadKernelPrograms(Path, Kernels, O.Costs, O.Limits);
      };
    sqtt::ProgressLine Progress(std::cerr, "sqtt-synth");
    size_t Dirs = S.Dirs * S.CodeObjects.size();
    S.Progress = [&](unsigned Dir, unsigned SE) {
      Progress.update("dispatch " + std::to_string(Dir + 1) + "/" + std::to_string(Dirs) +
                      ", shader engine " + std::to_string(SE + 1) + "/" + std::to_string(S.ShaderEngines));
    };
    sqtt::SynthStats Stats = sqtt::synthesize(S);
    Progress.clear();
    report(O, Stats, Dirs);
    return 0;
  });
}
