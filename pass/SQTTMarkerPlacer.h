//===- SQTTMarkerPlacer.h - Putting markers where they stay -----*- C++ -*-===//
//
// Places markers in one function so they time what they mark: the runtime
// scope filter (a test computed once per function; a single-record marker
// skips itself inside its own trace asm, multi-record blocks get a branch
// around them), the SQTT_MEM_BARRIER reordering boundary on both
// sides, the sched_barrier hints around straight-line markers, and the pin
// that keeps a branched-around marker glued to the workgroup sync it precedes.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_MARKER_PLACER_H
#define SQTT_MARKER_PLACER_H

#include "SQTTConfig.h"
#include "SQTTTarget.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace llvm {
class BasicBlock;
class CallInst;
class Function;
class Instruction;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace sqtt {

class MarkerPlacer {
public:
  MarkerPlacer(llvm::Function &F, const Config &Cfg, const TargetInfo &Target);

  /// Inserts a header marker with \p Encoded before \p InsertPt, followed by
  /// the one-record payload \p Data if given (named data markers).
  void insertMarker(llvm::Instruction *InsertPt, uint32_t Encoded,
                    llvm::Value *Data = nullptr);

  /// Wraps every trace already in the function (early markers, numeric
  /// markers.hpp markers) in scope checks and boundaries.
  void finalizeExistingMarkers();

  /// The i1 "this wave traces" test, built at the top of the entry block on
  /// first use. Null when no scope filter is configured.
  llvm::Value *getOrCreateScopeCheck();

  /// The test, if a marker of this function uses it (the lowering needs it).
  llvm::Value *scopeCheck() const { return ScopeTest; }

  /// Whether markers go behind the scope check: when one is configured and
  /// the function can take the branch (see SQTTFunctionLimits.h).
  bool isScoped() const { return Scoped; }
  const TargetInfo &target() const { return Target; }

  /// For multi-record blocks (address traces): splits before \p Before and
  /// returns a new block, reached only when the scope check passes, that
  /// ends in a branch back to \p Before. Null when unscoped.
  llvm::BasicBlock *openScopedRegion(llvm::Instruction *Before,
                                     llvm::StringRef TraceName,
                                     llvm::StringRef SkipName);

  /// Emits the SQTT_MEM_BARRIER boundary at \p B's insertion point.
  void emitBoundary(llvm::IRBuilderBase &B);

private:
  /// Splits [First, Last] into its own block reached only when the scope
  /// check passes; pins a sched_barrier before a following sync if \p Pin.
  void wrapInScopeCheck(llvm::Instruction *First, llvm::Instruction *Last,
                        bool Pin, llvm::StringRef TraceName,
                        llvm::StringRef SkipName);
  /// Puts boundaries (and, with \p Hints, sched_barrier hints) around the
  /// traces [First, Last].
  void addBoundaries(llvm::Instruction *First, llvm::Instruction *Last,
                     bool Hints);
  /// Scopes the single trace \p Trace in place: it is tagged so the lowering
  /// gives it the skip, and placed like an unscoped marker.
  void scopeInPlace(llvm::CallInst *Trace);

  /// Warns, once, that a configured scope check is dropped in this function.
  void noteUnscoped();

  llvm::Function &F;
  const Config &Cfg;
  TargetInfo Target;
  llvm::StringRef UnscopedReason; // only looked for when a scope check is configured
  bool Scoped;
  bool WarnedUnscoped = false;
  llvm::Value *ScopeTest = nullptr;
};

} // namespace sqtt

#endif // SQTT_MARKER_PLACER_H
