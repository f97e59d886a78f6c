//===- SQTTExitWait.cpp - Exits that wait for their scope's memory --------===//
//
// The wait is inline asm rather than llvm.amdgcn.s.waitcnt: the intrinsic
// does not exist for gfx12's split counters or for gfx10+'s store counter,
// the backend's waitcnt pass may relax a wait it did not insert, and only in
// the trace's own asm does nothing come between the wait and the trace.
//
//===----------------------------------------------------------------------===//

#include "SQTTExitWait.h"
#include "SQTTMarkerEmitter.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumExitWaits, "Exit markers that first wait for memory (SQTT_WAIT_AT_EXIT)");

std::string sqtt::memoryWaitAsm(const TargetInfo &Target) {
  if (Target.isGfx9())
    return "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)";
  if (Target.isRdna())
    return "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)\ns_waitcnt_vscnt null, 0x0";
  // gfx1250 has no sample or BVH counter and adds the async and tensor ones.
  if (Target.hasShaderCyclesU64())
    return "s_wait_loadcnt_dscnt 0x0\ns_wait_storecnt 0x0\ns_wait_kmcnt 0x0\n"
           "s_wait_expcnt 0x0\ns_wait_asynccnt 0x0\ns_wait_tensorcnt 0x0";
  return "s_wait_loadcnt_dscnt 0x0\ns_wait_storecnt 0x0\ns_wait_samplecnt 0x0\n"
         "s_wait_bvhcnt 0x0\ns_wait_kmcnt 0x0\ns_wait_expcnt 0x0";
}

unsigned sqtt::markExitsToWait(Function &F) {
  SmallVector<Instruction *, 16> Exits = exitMarkers(F);
  for (Instruction *Exit : Exits)
    Exit->setMetadata(md::WaitAtExit, MDNode::get(F.getContext(), {}));
  NumExitWaits += Exits.size();
  return Exits.size();
}
