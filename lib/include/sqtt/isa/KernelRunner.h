// KernelRunner.h - a kernel's code run wave by wave on the ISA model: the
// simulator's code-following mode (sqtt-synth's default).
//
// A wave starts at the kernel's first instruction with its hardware ids in
// HW_ID (gfx9) or HW_ID1/HW_ID2 (gfx10+), so the scope filters the plugin
// compiled in select exactly the waves they select on the hardware. The
// scalar machine decides every branch the code determines; the others (on
// vector values, loaded data) are drawn: a backward branch is a loop's,
// taken a drawn number of times (1 to LoopTrips iterations per entry, or
// exactly LoopTrips), a forward one either way with even odds. Calls go into
// their callees and back. Time is the sum of each instruction's cost by class: an issue model,
// with no latencies, no contention and no memory system.
#pragma once

#include "sqtt/isa/Instruction.h"
#include "sqtt/isa/KernelProgram.h"

#include <memory>
#include <string>
#include <vector>

namespace sqtt::isa {

/// Cycles an instruction of each class takes to issue.
struct InstructionCosts {
  unsigned Salu = 1, Smem = 4, Valu = 4, Vmem = 16, Lds = 8, Branch = 2, Wait = 4, Barrier = 16, Other = 2;
  /// Applies "valu=8,vmem=40" (any of salu, smem, valu, vmem, lds, branch,
  /// wait, barrier, other); throws Error on an unknown class or bad number.
  void apply(const std::string &Spec);
  /// "salu=1,smem=4,..." (every class, as apply reads it).
  std::string describe() const;
};

/// The cycles \p I takes to issue by \p Costs (its cost class's).
unsigned issueCycles(const Instruction &I, const InstructionCosts &Costs);

struct RunLimits {
  unsigned LoopTrips = 4;       // most iterations per loop entry, drawn from 1..LoopTrips
  bool ExactTrips = false;      // every entry runs LoopTrips iterations, none drawn
  size_t MaxSteps = 1000000;    // instructions per wave before it is cut
};

/// The programs of \p Kernels (K: rows' names, in order) in the code object
/// at \p Path, which is read and decoded once for all of them. Throws Error
/// when the file is not a code object LLVM's AMDGPU disassembler reads or
/// lacks one of the kernels.
std::vector<std::unique_ptr<KernelProgram>> loadKernelPrograms(const std::string &Path,
                                                              const std::vector<std::string> &Kernels,
                                                              const InstructionCosts &Costs, const RunLimits &Limits);

} // namespace sqtt::isa
