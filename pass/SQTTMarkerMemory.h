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
// memory only. The late phase places the markers codegen sees, with their
// boundaries (SQTT_MEM_BARRIER) and the backend's own ordering of
// side-effecting instructions, so the scheduler and the sinking passes still
// keep a scope's memory operations between its markers.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_MARKER_MEMORY_H
#define SQTT_MARKER_MEMORY_H

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// Marks every trace of \p F, the scheduling hints right beside one and the
/// scope ties as touching inaccessible memory only. Returns how many calls
/// it marked.
unsigned keepMarkersOffKernelMemory(llvm::Function &F);

} // namespace sqtt

#endif // SQTT_MARKER_MEMORY_H
