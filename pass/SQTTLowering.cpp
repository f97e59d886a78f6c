//===- SQTTLowering.cpp - Final form of m0-based traces -------------------===//
//
// The asm operand uses the "s" constraint; a per-lane value there would be
// printed as a VGPR and fail to assemble, so values that are not obviously
// wave-uniform are first read from the first active lane, as the intrinsic's
// own selection does.
//
//===----------------------------------------------------------------------===//

#include "SQTTLowering.h"
#include "SQTTCompat.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumLowered, "m0 traces lowered to s_mov_b32 m0 + s_nop 0 + s_ttracedata");

/// Values computed only from constants, lane reads and hardware registers are
/// the same in every lane.
static bool isTriviallyUniform(const Value *V, unsigned Depth = 0) {
  if (isa<Constant>(V))
    return true;
  if (const auto *A = dyn_cast<Argument>(V))
    return A->hasInRegAttr() || isKernel(*A->getParent()); // Kernel arguments are scalar.
  if (Depth > 4)
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(V)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::amdgcn_readlane:
    case Intrinsic::amdgcn_readfirstlane:
    case Intrinsic::amdgcn_s_getreg:
      return true;
    default:
      return false;
    }
  }
  if (const auto *CB = dyn_cast<CallBase>(V))
    if (const auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand()))
      return IA->getConstraintString() == "=s";
  if (const auto *EE = dyn_cast<ExtractElementInst>(V))
    return isa<Constant>(EE->getIndexOperand()) &&
           isTriviallyUniform(EE->getVectorOperand(), Depth + 1);
  if (isa<BinaryOperator>(V) || isa<CastInst>(V))
    return all_of(cast<Instruction>(V)->operands(), [&](const Use &U) {
      return isTriviallyUniform(U.get(), Depth + 1);
    });
  return false;
}

CallInst *sqtt::emitM0TraceAsm(IRBuilderBase &B, Value *Operand) {
  auto *Ty = FunctionType::get(B.getInt32Ty(), {B.getInt32Ty()}, false);
  InlineAsm *Asm = InlineAsm::get(Ty, M0TraceAsm,
                                  isa<ConstantInt>(Operand) ? "={m0},i" : "={m0},s",
                                  /*hasSideEffects=*/true);
  return B.CreateCall(Asm, {Operand});
}

bool sqtt::isM0TraceAsm(const CallInst &Call) {
  const auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand());
  return IA && StringRef(IA->getAsmString()) == M0TraceAsm && Call.arg_size() == 1;
}

LoweringResult sqtt::lowerFullTraces(Function &F, const TargetInfo &Target,
                                     const ClockPacking &Packing) {
  bool Pack = Packing.appliesTo(Target);
  SmallVector<CallInst *, 16> Traces;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->getIntrinsicID() == Intrinsic::amdgcn_s_ttracedata ||
          (Pack && isImmTraceCall(*II) && carriesShaderClock(*II)))
        Traces.push_back(II);

  LoweringResult Result;
  Module &M = *F.getParent();
  for (CallInst *Call : Traces) {
    IRBuilder<> B(Call);
    Value *Operand = Call->getArgOperand(0);
    if (Operand->getType() != B.getInt32Ty()) // The immediate form's i16.
      Operand = B.getInt32(cast<ConstantInt>(Operand)->getZExtValue());
    if (Pack && carriesShaderClock(*Call)) {
      if (auto *C = dyn_cast<ConstantInt>(Operand)) {
        uint32_t ID = static_cast<uint32_t>(C->getZExtValue()) >> 2;
        if (ID > Packing.maxID() && !Result.UnfitID)
          Result.UnfitID = ID;
      }
      Operand = packShaderClock(B, Operand, Target, Packing);
      ++Result.Packed;
    }
    bool IsConstant = isa<ConstantInt>(Operand);
    if (!IsConstant && !isTriviallyUniform(Operand))
      Operand = B.CreateCall(compat::getIntrinsic(M, Intrinsic::amdgcn_readfirstlane,
                                                  {B.getInt32Ty()}),
                             {Operand});
    CallInst *Lowered = emitM0TraceAsm(B, Operand);
    Lowered->copyMetadata(*Call);
    Lowered->setDebugLoc(Call->getDebugLoc());
    Call->eraseFromParent();
    ++NumLowered;
    ++Result.Lowered;
  }
  return Result;
}
