//===- SQTTCostModel.cpp - Function size for SQTT_INSTRUMENT_FUNCTIONS ----===//
//
// The weighted model charges 10 for loads and stores that reach global
// memory (flat, global, constant, buffer pointers) and 4 for LDS. Private
// (scratch, address space 5) accesses are stack traffic, which -O0 code is
// full of and optimised code has almost none of; charging them like global
// memory would make every -O0 function look expensive, so they cost 1.
//
//===----------------------------------------------------------------------===//

#include "SQTTCostModel.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTTarget.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using namespace sqtt;

static bool isMarkerInstruction(const Instruction &I) {
  return hasMarkerMD(I, md::MarkerHeader) || hasMarkerMD(I, md::RawPayload) ||
         hasMarkerMD(I, md::PayloadGroup);
}

static bool isZeroCost(const Instruction &I) {
  return isa<PHINode>(I) || isa<AllocaInst>(I) || isa<UnreachableInst>(I) ||
         isa<DbgInfoIntrinsic>(I) || I.isDebugOrPseudoInst();
}

static unsigned memoryCost(unsigned AddrSpace) {
  if (AddrSpace == addrspace::Local)
    return 4;
  if (AddrSpace == addrspace::Private)
    return 1;
  return 10;
}

unsigned sqtt::instructionCost(const Instruction &I, CostModel Model) {
  if (isMarkerInstruction(I) || isZeroCost(I))
    return 0;
  if (Model == CostModel::InstructionCount)
    return 1;

  if (const auto *L = dyn_cast<LoadInst>(&I))
    return memoryCost(L->getPointerAddressSpace());
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return memoryCost(S->getPointerAddressSpace());
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (const Function *Callee = CB->getCalledFunction()) {
      StringRef Name = Callee->getName();
      if (Name.starts_with("llvm.lifetime.") || Name.starts_with("llvm.dbg."))
        return 0;
      if (Name.starts_with("llvm.amdgcn.mfma.") ||
          Name.starts_with("llvm.amdgcn.smfmac.") ||
          Name.starts_with("llvm.amdgcn.wmma.") ||
          Name.starts_with("llvm.amdgcn.swmmac."))
        return 16;
      if (Name.starts_with("llvm.amdgcn.ds."))
        return 4;
    }
  }
  return 1;
}

unsigned sqtt::computeFunctionSize(const Function &F, CostModel Model) {
  unsigned Size = 0;
  for (const Instruction &I : instructions(F))
    Size += instructionCost(I, Model);
  return Size;
}
