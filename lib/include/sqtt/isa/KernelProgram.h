// KernelProgram.h - a kernel's code as a wave runs it: the interface the ISA
// model implements (KernelRunner.h) and the simulator drives (Synth.h), so
// the simulator does not depend on LLVM and the model knows nothing of the
// simulator. Dependency-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sqtt {

/// The wave a KernelProgram runs as: the ids its hardware registers report.
struct WaveIdentity {
  uint32_t SE = 0, CU = 0, SIMD = 0, Slot = 0;
  /// The wave's dispatch: what every wave of it shares (a branch on a
  /// kernel argument) is drawn from this, the same for all of them.
  uint64_t Dispatch = 0;
};

/// One s_ttracedata a wave issued: its cycle from the wave's start and the
/// bits of its value the code determines (the rest come from data the
/// simulator does not have: a payload's value, a packed header's clock).
struct ProgramRecord {
  int64_t Cycle;
  uint32_t Value, Known;
};

/// One instruction a wave executed: the cycle it issued at (from the wave's
/// start), its row of the program's listing, and its category as this
/// execution went (a conditional branch not taken is NEXT).
struct ExecutedInstruction {
  int64_t Cycle;
  uint32_t Row;
  uint8_t Category;
};

/// What one wave did running a program (not the analysis's WaveRun, a run
/// of one wave's records).
struct ProgramRun {
  std::vector<ProgramRecord> Records;
  /// Every instruction, in issue order, when the run was asked for them.
  std::vector<ExecutedInstruction> Executed;
  int64_t Cycles = 0; // until s_endpgm
  bool Cut = false;   // stopped at the step limit before s_endpgm
};

/// One instruction of a program's code object, as code.json lists it.
struct ProgramLine {
  uint64_t Address = 0;
  std::string Text, Source; // the disassembler's text; "file:line" or ""
  uint8_t Category = 0;     // InstCategory
  uint32_t Cycles = 1;      // what issuing it costs, by the cost model
  uint32_t Stall = 0;       // of those, cycles spent waiting (s_waitcnt, s_barrier)
  bool Inserted = false;    // the plugin's (InstrumentationCost.h's roles)
};

/// A kernel's code, as a wave runs it (the ISA model implements it, so the
/// simulator itself does not depend on LLVM).
class KernelProgram {
public:
  virtual ~KernelProgram() = default;
  /// Runs one wave: the branches the code does not decide are drawn from
  /// \p Seed, so a wave runs the same way for the same seed. With
  /// \p Instructions, the run lists every instruction it executed.
  virtual ProgramRun run(const WaveIdentity &Wave, uint64_t Seed, bool Instructions) const = 0;
  /// Every instruction of the code object the kernel is in, in address
  /// order: ExecutedInstruction::Row indexes it.
  virtual const std::vector<ProgramLine> &listing() const = 0;
  /// The kernel's entry address (code.json's label row).
  virtual uint64_t entry() const = 0;
};

} // namespace sqtt
