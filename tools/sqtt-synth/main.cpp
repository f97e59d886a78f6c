// sqtt-synth - a simulated rocprofv3 --att output tree with ground truth.
//
//   sqtt-synth -c build/demo/kernel_code_object_id_1.co -o sim_trace/ --seed 7
//
// From real code objects built with the SQTT plugin: every marker kind of
// their funcmaps, laid out exactly as rocprofv3 --att writes a trace, plus
// ground_truth.json (self cycles per stack, slices per scope, counts),
// truth_addresses.txt, truth_headers.txt and truth_events.txt (every
// wave's slices and instants). Everything it writes is marked
// as simulated.
#include "../ToolMain.h"
#include "Version.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/Progress.h"
#include "sqtt/synth/Synth.h"

#include <CLI/CLI.hpp>

#include <iostream>

int main(int argc, char **argv) {
  sqtt::SynthScenario S;
  CLI::App App{"Simulate a rocprofv3 --att trace of code objects built with the SQTT plugin, "
               "with its ground truth. There is no GPU here: the output says it is simulated."};
  App.add_option("-c,--code-objects", S.CodeObjects,
                 "Code objects (named *code_object_id_<N>*), each with a .sqtt_funcmap")
      ->required();
  App.add_option("-o,--output", S.Output, "Output directory (a rocprofv3 --att tree)")->required();
  App.add_option("--seed", S.Seed, "Random seed");
  App.add_option("--dirs", S.Dirs, "Trace directories (ui_*), each its own time domain")
      ->check(CLI::Range(1u, 64u));
  App.add_option("--shader-engines", S.ShaderEngines, "Shader engines")->check(CLI::Range(1u, 32u));
  App.add_option("--cus", S.CUs, "CUs per shader engine")->check(CLI::Range(1u, 128u));
  App.add_option("--simds", S.SIMDs, "SIMDs per CU")->check(CLI::Range(1u, 4u));
  App.add_option("--waves-per-simd", S.WavesPerSIMD, "Wave slots per SIMD")->check(CLI::Range(1u, 32u));
  App.add_option("--relaunches", S.Relaunches, "Waves each slot runs after its first")
      ->check(CLI::Range(0u, 100000u));
  App.add_option("--events-per-wave", S.EventsPerWave, "Marker events per wave")
      ->check(CLI::Range(1u, 100000000u));
  App.add_option("--max-depth", S.MaxDepth, "Deepest scope nesting")->check(CLI::Range(1u, 64u));
  App.add_option("--stacks", S.Stacks,
                 "Distinct scope stacks per code object: a fixed call tree whose leaves are --min-depth "
                 "to --max-depth deep, followed by every wave (0: any scope anywhere)")
      ->check(CLI::Range(0u, 1000000u));
  App.add_option("--min-depth", S.MinDepth, "Shallowest leaf of the --stacks call tree")
      ->check(CLI::Range(1u, 64u));
  App.add_option("--event-gap", S.EventGap,
                 "Mean cycles between a wave's events (0: 10 to 499 cycles)")
      ->check(CLI::Range(0u, 1000000u));
  App.add_flag("--compact", S.Compact, "Records on one line, as json.dump writes them (default: one a line)");
  App.add_option("--max-delay", S.MaxDelay, "Largest arrival delay of packed gfx12 headers (cycles)");
  App.add_option("--target-cu", S.TargetCU,
                 "Also write wave files (every instruction issued between the events of that CU's waves) and "
                 "code.json rows, as rocprofv3 --att-target-cu does, and truth_instructions.txt; the records "
                 "are the same with or without it")
      ->check(CLI::Range(0, 127));
  App.add_option("--priv-percent", S.PrivPercent, "Trap-handler records per 100 events")
      ->check(CLI::Range(0u, 100u));
  sqtt::addVersionFlag(App, "sqtt-synth");
  SQTT_PARSE(App, "sqtt-synth", argc, argv);
  return sqtt::runTool("sqtt-synth", [&] {
    if (S.MinDepth > S.MaxDepth)
      throw sqtt::Error("--min-depth " + std::to_string(S.MinDepth) + " is deeper than --max-depth " +
                        std::to_string(S.MaxDepth));
    sqtt::ProgressLine Progress(std::cerr, "sqtt-synth");
    S.Progress = [&](unsigned Dir, unsigned SE) {
      Progress.update("trace dir " + std::to_string(Dir + 1) + "/" + std::to_string(S.Dirs) +
                      ", shader engine " + std::to_string(SE + 1) + "/" + std::to_string(S.ShaderEngines));
    };
    sqtt::SynthStats Stats = sqtt::synthesize(S);
    Progress.clear();
    std::cerr << "sqtt-synth: wrote " << Stats.Records << " simulated records (" << Stats.Headers
              << " headers, " << Stats.AddressBlocks << " address blocks) of " << Stats.Waves << " waves in "
              << S.Dirs << " trace dir(s) to " << S.Output << "\n";
    return 0;
  });
}
