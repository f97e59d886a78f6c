//===- SQTTLowering.h - Final form of m0-based traces -----------*- C++ -*-===//
//
// The intrinsic llvm.amdgcn.s.ttracedata lets the scheduler hoist its m0 write
// far from the trace (even to the kernel top) and only gfx9 gets the s_nop the
// hardware wants between them. The last step of every function therefore
// replaces each full trace with one inline-asm block that writes m0, waits and
// traces, on every target, modelling m0 as an output rather than a clobber.
// With gfx12 clock packing, headers get the packed value here, and packed
// headers always take this form (the immediate one has no room for a clock).
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_LOWERING_H
#define SQTT_LOWERING_H

#include "SQTTClockPacking.h"
#include "SQTTTarget.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallInst;
class Function;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace sqtt {

/// The asm text every m0 trace is lowered to.
inline constexpr const char *M0TraceAsm =
    "s_mov_b32 m0, $1\ns_nop 0\ns_ttracedata";

struct LoweringResult {
  unsigned Lowered = 0;
  unsigned Packed = 0;
  /// A packed header whose ID does not fit the packed layout.
  std::optional<uint32_t> UnfitID;
};

/// Emits the m0 trace asm for \p Operand (an i32 constant, or a wave-uniform
/// value in an SGPR).
llvm::CallInst *emitM0TraceAsm(llvm::IRBuilderBase &B, llvm::Value *Operand);

/// Is \p Call a trace in the lowered m0 form?
bool isM0TraceAsm(const llvm::CallInst &Call);

/// Lowers every llvm.amdgcn.s.ttracedata call of \p F, packing the clock into
/// headers when \p Packing applies to \p Target. Unpacked s_ttracedata_imm
/// calls stay intrinsics.
LoweringResult lowerFullTraces(llvm::Function &F, const TargetInfo &Target,
                               const ClockPacking &Packing);

} // namespace sqtt

#endif // SQTT_LOWERING_H
