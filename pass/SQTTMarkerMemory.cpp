//===- SQTTMarkerMemory.cpp - What the middle end may assume of a marker --===//
//
// A scheduling hint counts as the marker's when it sits right beside a
// trace (markers.hpp wraps each numeric trace in two): a sched_barrier the
// user wrote elsewhere keeps the memory effects the user's code had. In the
// late phase every hint goes back to its declared effects: the user's never
// changed, the markers' are what stops codegen's IR passes at a marker.
//
//===----------------------------------------------------------------------===//

#include "SQTTMarkerMemory.h"
#include "SQTTInstructionKinds.h"
#include "SQTTLowering.h"
#include "SQTTMetadataNames.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/ModRef.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumOffMemory, "Marker calls the middle end sees touching no kernel memory");

/// Whether a trace is the nearest memory-touching neighbour of \p I on
/// either side (markers.hpp computes a marker's value between its hint and
/// its trace).
static bool besideTrace(const Instruction &I) {
  auto NearestIsTrace = [](const Instruction *N, bool Forward) {
    for (; N; N = Forward ? N->getNextNode() : N->getPrevNode()) {
      if (isTraceCall(*N))
        return true;
      if (N->mayReadOrWriteMemory() || N->isTerminator())
        return false;
    }
    return false;
  };
  return NearestIsTrace(I.getPrevNode(), false) || NearestIsTrace(I.getNextNode(), true);
}

/// A trace in any of its forms: the intrinsics, or the asm the late phase
/// lowers them to.
static bool isAnyTrace(const Instruction &I) {
  if (isTraceCall(I))
    return true;
  const auto *Call = dyn_cast<CallInst>(&I);
  return Call && Call->isInlineAsm() && matchTraceAsm(*Call);
}

static bool setInaccessibleOnly(CallInst &Call) {
  if (Call.getMemoryEffects() == MemoryEffects::inaccessibleMemOnly())
    return false;
  Call.setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
  ++NumOffMemory;
  return true;
}

unsigned sqtt::keepMarkersOffKernelMemory(Function &F) {
  unsigned Marked = 0;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (Call && (isTraceCall(I) || I.hasMetadata(md::ScopeTie) || (isSchedBarrier(I) && besideTrace(I))))
        Marked += setInaccessibleOnly(*Call);
    }
  return Marked;
}

void sqtt::orderMarkersForCodegen(Function &F) {
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call)
        continue;
      if (isAnyTrace(I) || I.hasMetadata(md::ScopeTie))
        setInaccessibleOnly(*Call);
      else if (isSchedBarrier(I))
        Call->removeFnAttr(Attribute::Memory);
    }
}
