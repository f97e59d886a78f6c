//===- SQTTMarkerMemory.h - What the middle end may assume of a marker -*- C++ -*-===//
//
// llvm.amdgcn.s.ttracedata and llvm.amdgcn.sched.barrier are declared with
// unmodelled side effects, and an empty side-effecting asm (a scope tie) has
// them too: to the middle end each may read and write any memory. Between
// the early and the late phase that blocks the memory optimisations the
// plain build gets: a struct copied from global memory into LDS through a
// private temporary is no longer forwarded, the temporary stays in scratch,
// and registers, waits and the schedule change (D38).
//
// A marker touches no memory the kernel can see; what it must keep is its
// order against the other markers. The early phase therefore states that on
// every marker it leaves for the middle end: its memory is inaccessible
// memory only. What keeps a scope's memory operations between its markers
// is for codegen: the late phase's boundaries (SQTT_MEM_BARRIER) and
// scheduling hints, which codegen's IR passes take as touching any memory,
// and the backend's ordering of side-effecting instructions.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_MARKER_MEMORY_H
#define SQTT_MARKER_MEMORY_H

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// The early phase's view: every trace of \p F, the scheduling hints right
/// beside one and the scope ties touch inaccessible memory only. Returns how
/// many calls it marked.
unsigned keepMarkersOffKernelMemory(llvm::Function &F);

/// The late phase's view, once the traces are in their final form: the
/// traces and the ties touch inaccessible memory only, so the backend's
/// analyses that ask whether memory may have changed (a uniform load kept
/// scalar) answer as for the plain build; the scheduling hints go back to
/// touching any memory, so that codegen's IR passes that move memory
/// operations (Sink, the load/store vectorizer) still stop at a marker.
void orderMarkersForCodegen(llvm::Function &F);

} // namespace sqtt

#endif // SQTT_MARKER_MEMORY_H
