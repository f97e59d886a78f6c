// Synth.h - simulated rocprofv3 --att output with known ground truth.
//
// There is no AMD GPU on the project's machines. The simulator takes real
// compiled code objects and makes each wave's marker stream either by running
// the kernel's code (a KernelProgram: the ISA model's walk, so every stack is
// one the kernel can produce) or, in the random mode, by drawing nestings
// from the funcmap (nested function and user scopes, points, data payloads,
// address blocks). Both add gfx12 clock-packed headers arriving after random
// delays and trap-handler records, and write them exactly as rocprofv3 --att
// lays out a trace, together with the truth the tools must reproduce.
// Generation streams: the memory used follows the number of waves (and, when
// following the code, one wave's records per slot), not of the records.
#pragma once

#include "sqtt/isa/KernelProgram.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sqtt {

/// How a capture loses records, as hardware does (--loss): the trace
/// buffer of a shader engine fills (every record after BufferBytes is
/// lost), and bursts of lost packets (each record of an SE's stream starts
/// a burst of BurstLength records with probability BurstRate). A record
/// costs RecordBytes of buffer: the SQTT token that carries it.
struct LossModel {
  static constexpr uint64_t RecordBytes = 8;
  uint64_t BufferBytes = 0; // 0: the buffer never fills
  double BurstRate = 0;
  unsigned BurstLength = 1;
  bool any() const { return BufferBytes || BurstRate > 0; }
  /// Applies "buffer=BYTES" or "burst=RATE[:LENGTH]" (several joined by
  /// commas); throws Error on anything else.
  void apply(const std::string &Spec);
};

struct SynthScenario {
  std::vector<std::string> CodeObjects; // *code_object_id_<N>* names give IDs
  std::string Output;
  uint64_t Seed = 1;
  unsigned Dirs = 1; // dispatches of each code object: a ui_* directory each, as rocprofv3 writes them
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
  /// The CU whose waves also get wave files (every instruction the wave
  /// executed, from the same run of the code as its records) and code.json
  /// rows with their totals, as rocprofv3 --att-target-cu writes them; -1:
  /// none. Needs the code-following mode. The marker records are the same
  /// either way.
  int TargetCU = -1;
  /// The code-following mode: the programs of a code object's kernels (its
  /// path and the K: rows' names; one program per name, in order). Unset:
  /// the random mode. A code object's first kernel whose code records
  /// markers is simulated.
  std::function<std::vector<std::unique_ptr<KernelProgram>>(const std::string &Path,
                                                            const std::vector<std::string> &Kernels)>
      LoadPrograms;
  /// Replace a non-empty Output (else refused).
  bool Force = false;
  LossModel Loss;
  /// Called before each shader engine of each directory is generated.
  std::function<void(unsigned Dir, unsigned SE)> Progress;
};

struct SynthStats {
  uint64_t Records = 0, Headers = 0, Waves = 0, AddressBlocks = 0;
  /// Code-following mode: waves cut at the step limit, waves whose scopes
  /// were still open at their end (closed by added exits), and headers whose
  /// marker the code computes from data (left out).
  uint64_t CutWaves = 0, OpenAtEnd = 0, UnknownHeaders = 0;
  /// Records the loss model dropped (truth_lost.txt lists each).
  uint64_t LostRecords = 0;
  /// What the user should know about the choices made ("which kernel").
  std::vector<std::string> Notes;
};

/// The most waves one run writes: the tree's occupancy alone is some 40
/// bytes a wave.
constexpr uint64_t MaxSynthWaves = 100000000;
/// Why \p Scenario is too big to run (the numbers that make it so), or "".
std::string synthLimitProblem(const SynthScenario &Scenario);

/// Writes the tree under Scenario.Output and the ground truth to
/// <Output>/ground_truth.json and truth_*.txt: addresses, packed headers,
/// each wave's slices and instants (events), every closed scope interval
/// (intervals: kernel, scope, kind, wave, cycles, self cycles; tab separated)
/// and every data payload (data: kernel, name, value); with a target CU,
/// truth_instructions.txt (kernel, innermost scope or "(no scope)", kind,
/// waves, instructions, cycles, stall cycles; tab separated); with a loss
/// model, truth_lost.txt (every record dropped: directory, SE, CU, SIMD,
/// slot, wave instance, issue time, value, "header" or "payload", and the
/// cause, "buffer" or "burst"; space separated). Throws Error
/// on bad input, on a scenario beyond the limits, and on a non-empty Output
/// without Force. The tree appears whole or not at all.
SynthStats synthesize(const SynthScenario &Scenario);

} // namespace sqtt
