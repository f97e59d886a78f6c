//===- SQTTExitWait.cpp - Exits that wait for their scope's memory --------===//
//
// The wait is inline asm rather than llvm.amdgcn.s.waitcnt: the intrinsic
// does not exist for gfx12's split counters or for gfx10+'s store counter,
// and the backend's waitcnt pass may relax a wait it did not insert.
//
//===----------------------------------------------------------------------===//

#include "SQTTExitWait.h"
#include "SQTTMarkerEmitter.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumExitWaits, "Exit markers that first wait for memory (SQTT_WAIT_AT_EXIT)");

std::string sqtt::memoryWaitAsm(const TargetInfo &Target) {
  if (Target.Gen == GfxGen::GFX9)
    return "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)";
  if (Target.Gen == GfxGen::RDNA)
    return "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)\ns_waitcnt_vscnt null, 0x0";
  // gfx1250 has no sample or BVH counter and adds the async and tensor ones.
  if (Target.hasShaderCyclesU64())
    return "s_wait_loadcnt_dscnt 0x0\ns_wait_storecnt 0x0\ns_wait_kmcnt 0x0\n"
           "s_wait_expcnt 0x0\ns_wait_asynccnt 0x0\ns_wait_tensorcnt 0x0";
  return "s_wait_loadcnt_dscnt 0x0\ns_wait_storecnt 0x0\ns_wait_samplecnt 0x0\n"
         "s_wait_bvhcnt 0x0\ns_wait_kmcnt 0x0\ns_wait_expcnt 0x0";
}

/// The wait before \p Exit; a scoped exit's wait branches over itself on the
/// same test, in the same register, as the trace does.
static void emitWait(Instruction &Exit, const std::string &Waits, Value *InScope) {
  LLVMContext &Ctx = Exit.getContext();
  std::string Text = Waits;
  std::string Constraints;
  SmallVector<Value *, 1> Args;
  if (InScope) {
    bool InVcc = !InScope->getType()->isIntegerTy(1);
    Text = std::string(InVcc ? "s_cbranch_vccnz" : "s_cbranch_scc0") +
           " .Lsqtt_wait${:uid}\n" + Waits + "\n.Lsqtt_wait${:uid}:";
    Constraints = !InVcc ? "{scc}" : InScope->getType()->isIntegerTy(32) ? "{vcc_lo}" : "{vcc}";
    Args.push_back(InScope);
  }
  SmallVector<Type *, 1> Params;
  for (Value *A : Args)
    Params.push_back(A->getType());
  auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), Params, false);
  CallInst *Wait = CallInst::Create(InlineAsm::get(Ty, Text, Constraints, /*hasSideEffects=*/true),
                                    Args, "", Exit.getIterator());
  Wait->setDebugLoc(Exit.getDebugLoc());
}

unsigned sqtt::emitExitWaits(Function &F, const TargetInfo &Target, Value *InScope) {
  SmallVector<Instruction *, 16> Exits = exitMarkers(F);
  std::string Waits = memoryWaitAsm(Target);
  for (Instruction *Exit : Exits)
    emitWait(*Exit, Waits, hasMarkerMD(*Exit, md::ScopedTrace) ? InScope : nullptr);
  NumExitWaits += Exits.size();
  return Exits.size();
}
