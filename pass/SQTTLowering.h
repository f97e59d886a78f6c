//===- SQTTLowering.h - Final form of m0-based traces -----------*- C++ -*-===//
//
// The intrinsic llvm.amdgcn.s.ttracedata lets the scheduler hoist its m0 write
// far from the trace (even to the kernel top) and only gfx9 gets the s_nop the
// hardware wants between them. The last step of every function therefore
// replaces each full trace with one inline-asm block that writes m0, waits and
// traces, on every target, modelling m0 as an output rather than a clobber.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_LOWERING_H
#define SQTT_LOWERING_H

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// The asm text every m0 trace is lowered to.
inline constexpr const char *M0TraceAsm =
    "s_mov_b32 m0, $1\ns_nop 0\ns_ttracedata";

/// Lowers every llvm.amdgcn.s.ttracedata call of \p F; returns the number
/// lowered. s_ttracedata_imm calls stay intrinsics.
unsigned lowerFullTraces(llvm::Function &F);

} // namespace sqtt

#endif // SQTT_LOWERING_H
