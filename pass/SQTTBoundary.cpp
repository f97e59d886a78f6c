//===- SQTTBoundary.cpp - Which reordering boundary a function gets -------===//
//
// Measured: LLVM 22 never emits a cache invalidation for the LDS-only fence
// (gfx90a..gfx1250, tgsplit included); LLVM 19 emits buffer_gl0_inv /
// global_inv around every marker on gfx10+ and buffer_wbinvl1 on gfx9 with
// tgsplit, which only codegen knows about. So on such a line every target
// falls back. The version fact itself lives in SQTTCompat.h.
//
//===----------------------------------------------------------------------===//

#include "SQTTBoundary.h"
#include "SQTTCompat.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/Debug.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumFenceFallbacks,
          "Fence boundaries planted as asm (this LLVM does not narrow the LDS-only fence)");

bool sqtt::backendNarrowsLDSOnlyFence(const TargetInfo &Target) {
  // Per target so a line that narrows it only somewhere can say so here.
  return compat::NarrowsLDSOnlyFence;
}

MemBarrierMode sqtt::effectiveBoundary(MemBarrierMode Configured,
                                       const TargetInfo &Target) {
  if (Configured != MemBarrierMode::Fence || backendNarrowsLDSOnlyFence(Target))
    return Configured;
  ++NumFenceFallbacks;
  LLVM_DEBUG(dbgs() << "sqtt: fence boundary planted as asm: LLVM "
                    << LLVM_VERSION_STRING << " does not narrow the LDS-only fence\n");
  return MemBarrierMode::AsmClobber;
}
