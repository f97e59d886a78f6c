//===- SQTTBoundary.h - Which reordering boundary a function gets -*- C++ -*-===//
//
// SQTT_MEM_BARRIER picks the boundary planted around every marker; this
// decides what is actually planted for one target on the LLVM the plugin is
// built against. The promise (D19) is that markers add no cache
// invalidation on any line: where the backend does not narrow the LDS-only
// fence to LDS, a configured fence becomes the empty-asm boundary, which
// costs no instruction.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_BOUNDARY_H
#define SQTT_BOUNDARY_H

#include "SQTTConfig.h"
#include "SQTTTarget.h"

namespace sqtt {

/// Whether this LLVM's backend compiles the workgroup acq_rel fence tagged
/// `amdgpu-synchronize-as: local` without any global cache invalidation on
/// \p Target.
bool backendNarrowsLDSOnlyFence(const TargetInfo &Target);

/// The boundary planted for \p Configured on \p Target: the configured mode,
/// except Fence -> AsmClobber where the fence is not narrowed (counted in the
/// -stats line "Fence boundaries planted as asm").
MemBarrierMode effectiveBoundary(MemBarrierMode Configured, const TargetInfo &Target);

} // namespace sqtt

#endif // SQTT_BOUNDARY_H
