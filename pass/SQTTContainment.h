//===- SQTTContainment.h - Keeping a scope's work inside it ------*- C++ -*-===//
//
// A marker is an ordering point for memory and for other markers, not for
// pure work: codegen's Sink and MachineSink move an instruction into the
// block that uses it, so work written between an enter and its exit whose
// result is used only after the exit leaves the scope wherever a block
// boundary follows the exit (a payload marker's branch, an address trace's
// lane loop, the user's own control flow). The scope is then empty and its
// time goes to the parent.
//
// The remedy ties those values to the exit: an empty side-effecting asm right
// before the exit marker takes, as register operands, every value computed
// inside the scope (after its enter, on the dominator path to the exit) that
// is used after the exit. The asm emits no instruction and cannot move past
// the marker, so the work that produces those values stays before it.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_CONTAINMENT_H
#define SQTT_CONTAINMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/UniformityAnalysis.h"

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// Ties the live-out values of every scope of \p F to its exit marker. The
/// early phase ties so the middle end does not sink work out of a scope; the
/// late one drops those ties (dropScopeTies) before it places markers and
/// ties again once they are all placed, for codegen. \p
/// Uniformity, if it gives one, chooses SGPR operands for wave-uniform values
/// (VGPR otherwise, which is always legal). Returns the number of values tied.
unsigned containScopeWork(llvm::Function &F,
                          llvm::function_ref<const llvm::UniformityInfo *()> Uniformity);

/// Removes the ties of \p F (before markers are placed around them).
void dropScopeTies(llvm::Function &F);

} // namespace sqtt

#endif // SQTT_CONTAINMENT_H
