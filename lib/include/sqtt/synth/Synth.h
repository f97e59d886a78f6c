// Synth.h - simulated rocprofv3 --att output with known ground truth.
//
// There is no AMD GPU on the project's machines. The simulator takes real
// compiled code objects, draws per-wave marker streams from their funcmaps
// (nested function and user scopes, points, data payloads, address blocks,
// gfx12 clock-packed headers arriving after random delays, trap-handler
// records), and writes them exactly as rocprofv3 --att lays out a trace,
// together with the truth the tools must reproduce. Generation streams: the
// memory used follows the number of waves, not of records.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sqtt {

struct SynthScenario {
  std::vector<std::string> CodeObjects; // *code_object_id_<N>* names give IDs
  std::string Output;
  uint64_t Seed = 1;
  unsigned Dirs = 1;
  unsigned ShaderEngines = 2, CUs = 2, SIMDs = 4, WavesPerSIMD = 2;
  unsigned Relaunches = 1;     // extra waves run by each slot after the first
  unsigned EventsPerWave = 200;
  unsigned MaxDepth = 3;
  /// With Stacks > 0, each code object's scopes form a fixed call tree of
  /// that many stacks whose leaves are MinDepth to MaxDepth deep (as far as
  /// the count allows), and waves enter only the scopes it has under their
  /// current stack: a few hundred distinct stacks, like a real kernel's call
  /// graph. 0: any scope may be entered anywhere (stacks without bound).
  unsigned Stacks = 0;
  unsigned MinDepth = 1;
  /// Mean cycles between a wave's events (1 to 2*EventGap-1); 0: 10 to 499.
  unsigned EventGap = 0;
  /// Records on one line (",", as json.dump writes) instead of one a line.
  bool Compact = false;
  unsigned MaxDelay = 300;     // cycles of arrival delay for gfx12 packed headers
  unsigned PrivPercent = 1;
  /// The CU whose waves also get wave files (every instruction issued
  /// between their events) and code.json rows, as rocprofv3 --att-target-cu
  /// writes them; -1: none. The marker records are the same either way.
  int TargetCU = -1;
  /// Called before each shader engine of each directory is generated.
  std::function<void(unsigned Dir, unsigned SE)> Progress;
};

struct SynthStats {
  uint64_t Records = 0, Headers = 0, Waves = 0, AddressBlocks = 0;
};

/// Writes the tree under Scenario.Output and the ground truth to
/// <Output>/ground_truth.json and truth_*.txt: addresses, packed headers,
/// each wave's slices and instants (events), every closed scope interval
/// (intervals: kernel, scope, kind, wave, cycles, self cycles; tab separated)
/// and every data payload (data: kernel, name, value); with a target CU,
/// truth_instructions.txt (kernel, innermost scope or "(no scope)", kind,
/// waves, instructions, cycles, stall cycles; tab separated). Throws Error
/// on bad input.
SynthStats synthesize(const SynthScenario &Scenario);

} // namespace sqtt
