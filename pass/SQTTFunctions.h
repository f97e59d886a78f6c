//===- SQTTFunctions.h - Function entry/exit markers ------------*- C++ -*-===//
//
// SQTT_INSTRUMENT_FUNCTIONS gives device functions above a size threshold an
// enter marker at entry and an exit before every return, so the trace holds
// the call tree. Size only settles after inlining, and inlined copies carry
// the markers into their callers, so this works in two steps: Early marks
// every eligible function and records it; Late measures what survived,
// removes the markers of small functions everywhere (inlined copies
// included), and renumbers the rest by how often they are emitted so the
// hottest fit s_ttracedata_imm. At -O0 there is no inlining and Late marks
// functions directly.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_FUNCTIONS_H
#define SQTT_FUNCTIONS_H

#include "SQTTConfig.h"
#include "SQTTTarget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
class MarkerPlacer;

/// Functions whose only job is marking (the markers.hpp wrappers, numeric
/// and named, and helpers that do nothing but emit markers through
/// sqtt_marker_*, s_ttracedata intrinsics or s_ttracedata inline asm, with
/// at most some arithmetic on the value): never instrumented as functions, or
/// every user marker would sit in a spurious frame (D15). Call before named
/// markers are resolved.
llvm::SmallPtrSet<const llvm::Function *, 8> findMarkerHelpers(llvm::Module &M);

/// May \p F get entry/exit markers at all? Not kernels, not functions with a
/// musttail call (nothing may follow one), not naked functions, not helpers.
bool isInstrumentableFunction(
    const llvm::Function &F,
    const llvm::SmallPtrSetImpl<const llvm::Function *> &Helpers);

/// Early: bare entry/exit headers in every instrumentable function, its ID in
/// !sqtt.func.id and its pre-optimisation size in the ledger.
bool instrumentFunctionsEarly(
    llvm::ArrayRef<TargetFunction> Functions, MarkerLedger &Ledger,
    const Config &Cfg,
    const llvm::SmallPtrSetImpl<const llvm::Function *> &Helpers);

/// Late, after Early: prunes small functions' markers module-wide, compacts
/// the IDs of functions and Early named markers by emission count, and
/// turns function exits into bare exits. Returns true if any Early function
/// record existed.
bool finalizeEarlyFunctions(llvm::Module &M, MarkerLedger &Ledger,
                            const Config &Cfg);

/// -O0: marks \p F directly if \p Size (measured before Late touched it) is
/// above the threshold.
void instrumentFunctionDirect(llvm::Function &F, unsigned Size,
                              MarkerLedger &Ledger, MarkerPlacer &Placer,
                              const Config &Cfg);

} // namespace sqtt

#endif // SQTT_FUNCTIONS_H
