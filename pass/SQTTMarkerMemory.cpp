//===- SQTTMarkerMemory.cpp - What the middle end may assume of a marker --===//
//
// A scheduling hint counts as the marker's when it sits right beside a
// trace (markers.hpp wraps each numeric trace in two): a sched_barrier the
// user wrote elsewhere keeps the memory effects the user's code had.
//
//===----------------------------------------------------------------------===//

#include "SQTTMarkerMemory.h"
#include "SQTTInstructionKinds.h"
#include "SQTTMetadataNames.h"

#include "llvm/ADT/Statistic.h"
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

static bool isMarkerCall(const Instruction &I) {
  if (!isa<CallInst>(I))
    return false;
  return isTraceCall(I) || I.hasMetadata(md::ScopeTie) || (isSchedBarrier(I) && besideTrace(I));
}

unsigned sqtt::keepMarkersOffKernelMemory(Function &F) {
  unsigned Marked = 0;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (!isMarkerCall(I))
        continue;
      auto &Call = cast<CallInst>(I);
      if (Call.getMemoryEffects() == MemoryEffects::inaccessibleMemOnly())
        continue;
      Call.setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
      ++Marked;
    }
  NumOffMemory += Marked;
  return Marked;
}
