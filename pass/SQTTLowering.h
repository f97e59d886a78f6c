//===- SQTTLowering.h - Final form of m0-based and scoped traces -*- C++ -*-===//
//
// The intrinsic llvm.amdgcn.s.ttracedata lets the scheduler hoist its m0 write
// far from the trace (even to the kernel top) and only gfx9 gets the s_nop the
// hardware wants between them. The last step of every function therefore
// replaces each full trace with one inline-asm block that waits and traces, on
// every target, with the value handed over as an m0 *input*: the compiler
// writes m0 right before the asm and knows the asm reads it.
//
// The operand constraints are chosen for compile time as much as for the
// code: the backend resolves a named-register constraint by scanning every
// register class, and uniformity analysis repeats that for each register
// output on each of its many runs. An i32 m0 output (the reference's
// "={m0}") or an SCC clobber costs about 0.5 ms and 1.6 ms per asm
// statement; an m0 or SCC input costs a few microseconds.
//
// A scoped trace (see SQTTMarkerPlacer.h) skips itself: the asm takes the
// function's scope test as an input and branches over its s_ttracedata. On
// gfx10+ the test is a skip word (zero in scope) in VCC and the asm branches
// on VCCNZ: the register allocator keeps the word in VCC across code that
// does not need VCC (a marker then costs its branch alone) and copies it back
// after code that does (calls, carries). gfx9 leaves VCCZ stale after partial
// VCC writes, so there the test is an i1 in SCC, which the backend sets again
// once in every block with markers (an s_and with EXEC). In the m0 forms the branch takes the s_nop's place as the wait
// state gfx9 needs between the m0 write and the trace.
//
// With gfx12 clock packing, headers get the packed value here, and packed
// headers always take the m0 form (the immediate one has no room for a clock).
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_LOWERING_H
#define SQTT_LOWERING_H

#include "SQTTClockPacking.h"
#include "SQTTTarget.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallInst;
class Function;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace sqtt {

/// The asm texts of a trace: "s_nop 0\ns_ttracedata" with m0 as its input;
/// scoped, "s_cbranch_scc0 .Lsqtt_skip${:uid}\n<trace>\n.Lsqtt_skip${:uid}:"
/// (gfx9, gfx1200/gfx1201: SCC clear skips) or the same with s_cbranch_vccnz
/// (gfx10+: a nonzero skip word in VCC skips), where <trace> is s_ttracedata
/// or s_ttracedata_imm $0. An exit that waits for memory (SQTT_WAIT_AT_EXIT)
/// has its waits right before <trace>, inside the skip: nothing the compiler
/// schedules (a spill reload at -O0) can come between the wait and the trace.

struct LoweringResult {
  unsigned Lowered = 0;
  unsigned Scoped = 0;
  unsigned Packed = 0;
  /// A packed header whose ID does not fit the packed layout.
  std::optional<uint32_t> UnfitID;
};

/// A trace in one of the lowered asm forms.
struct TraceAsm {
  llvm::Value *Operand = nullptr; ///< i32 value (m0) or constant (imm).
  /// The scope test: an i1 for SCC (true in scope) or an i32/i64 skip word
  /// for VCC (zero in scope); null when unscoped.
  llvm::Value *ScopeTest = nullptr;
  bool Imm = false;               ///< s_ttracedata_imm rather than m0.
  /// Wait instructions before the trace (memoryWaitAsm), or empty.
  std::string Waits;
};

/// Emits \p Trace as asm: an m0 trace (\p Trace.Operand an i32 constant or a
/// wave-uniform value), a scoped m0 or immediate trace, or an immediate trace
/// that waits first.
llvm::CallInst *emitTraceAsm(llvm::IRBuilderBase &B, const TraceAsm &Trace);

/// The parts of \p Call when it is a trace in one of the lowered asm forms.
std::optional<TraceAsm> matchTraceAsm(const llvm::CallInst &Call);

/// Lowers every llvm.amdgcn.s.ttracedata call of \p F, packing the clock into
/// headers when \p Packing applies to \p Target. Unpacked s_ttracedata_imm
/// calls stay intrinsics unless scoped. Traces tagged as scoped skip
/// themselves where \p ScopeTest (MarkerPlacer::getOrCreateScopeCheck: an i1
/// in SCC, or a skip word in VCC) leaves the wave out. Exits tagged to wait
/// (markExitsToWait) get the target's waits.
LoweringResult lowerFullTraces(llvm::Function &F, const TargetInfo &Target,
                               const ClockPacking &Packing, llvm::Value *ScopeTest);

} // namespace sqtt

#endif // SQTT_LOWERING_H
