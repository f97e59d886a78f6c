//===- SQTTMarkerEmitter.cpp - Building single trace instructions ---------===//

#include "SQTTMarkerEmitter.h"
#include "SQTTCompat.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace sqtt;

static Intrinsic::ID intrinsicOf(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->getIntrinsicID();
  return Intrinsic::not_intrinsic;
}

bool sqtt::isTraceCall(const Instruction &I) {
  Intrinsic::ID ID = intrinsicOf(I);
  return ID == Intrinsic::amdgcn_s_ttracedata ||
         ID == Intrinsic::amdgcn_s_ttracedata_imm;
}

std::optional<uint32_t> sqtt::headerValue(const Instruction &I) {
  if (!isTraceCall(I) || hasMarkerMD(I, md::RawPayload))
    return std::nullopt;
  if (auto *C = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0)))
    return static_cast<uint32_t>(C->getZExtValue());
  return std::nullopt;
}

SmallVector<Instruction *, 16> sqtt::exitMarkers(Function &F) {
  SmallVector<Instruction *, 16> Exits;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (std::optional<uint32_t> V = headerValue(I))
        if (*V & FlagExitPrev)
          Exits.push_back(&I);
  return Exits;
}

bool sqtt::isImmTraceCall(const Instruction &I) {
  return intrinsicOf(I) == Intrinsic::amdgcn_s_ttracedata_imm;
}

bool sqtt::isSchedBarrier(const Instruction &I) {
  return intrinsicOf(I) == Intrinsic::amdgcn_sched_barrier;
}

bool sqtt::isCanonicalSchedBarrier(const Instruction &I) {
  if (!isSchedBarrier(I))
    return false;
  auto *Mask = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
  return Mask && Mask->isZero();
}

bool sqtt::isDebugOrLifetime(const Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I) || I.isDebugOrPseudoInst())
    return true;
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && II->isLifetimeStartOrEnd();
}

bool sqtt::hasMarkerMD(const Instruction &I, const char *Kind) {
  return I.getMetadata(Kind) != nullptr;
}

static void tag(Instruction *I, const char *Kind) {
  I->setMetadata(Kind, MDNode::get(I->getContext(), {}));
}

CallInst *sqtt::emitBareTrace(IRBuilderBase &B, uint32_t Encoded,
                              const TargetInfo &Target) {
  Module &M = *B.GetInsertBlock()->getModule();
  CallInst *Call;
  if (Encoded <= MaxImmMarkerValue && Target.hasImmTrace())
    Call = B.CreateCall(
        compat::getIntrinsic(M, Intrinsic::amdgcn_s_ttracedata_imm),
        {B.getInt16(Encoded)});
  else
    Call = B.CreateCall(compat::getIntrinsic(M, Intrinsic::amdgcn_s_ttracedata),
                        {B.getInt32(Encoded)});
  tag(Call, md::MarkerHeader);
  return Call;
}

CallInst *sqtt::emitRawPayload(IRBuilderBase &B, Value *V) {
  Module &M = *B.GetInsertBlock()->getModule();
  CallInst *Call =
      B.CreateCall(compat::getIntrinsic(M, Intrinsic::amdgcn_s_ttracedata), {V});
  tag(Call, md::RawPayload);
  return Call;
}

CallInst *sqtt::emitDataPayload(IRBuilderBase &B, CallInst *Header,
                                Value *Data) {
  LLVMContext &Ctx = B.getContext();
  Module &M = *B.GetInsertBlock()->getModule();
  // A distinct node per marker: the header and its payload form one range
  // that nothing may be placed inside.
  MDNode *Group = MDNode::getDistinct(Ctx, {});
  Header->setMetadata(md::PayloadGroup, Group);

  Value *V = Data;
  if (!V->getType()->isIntegerTy(32)) {
    if (V->getType()->isPointerTy())
      V = B.CreatePtrToInt(V, B.getInt32Ty());
    else if (V->getType()->isIntegerTy())
      V = B.CreateZExtOrTrunc(V, B.getInt32Ty());
    else
      V = B.CreateBitCast(V, B.getIntNTy(V->getType()->getPrimitiveSizeInBits()));
    if (V->getType() != B.getInt32Ty())
      V = B.CreateZExtOrTrunc(V, B.getInt32Ty());
    if (auto *I = dyn_cast<Instruction>(V))
      I->setMetadata(md::PayloadGroup, Group);
  }
  if (!isa<Constant>(V)) {
    // The record is written from an SGPR; a per-lane value is sampled from
    // the first active lane.
    CallInst *Uniform = B.CreateCall(
        compat::getIntrinsic(M, Intrinsic::amdgcn_readfirstlane, {B.getInt32Ty()}),
        {V});
    Uniform->setMetadata(md::PayloadGroup, Group);
    V = Uniform;
  }
  CallInst *Payload = emitRawPayload(B, V);
  Payload->setMetadata(md::PayloadGroup, Group);
  return Payload;
}

CallInst *sqtt::emitSchedBarrier(IRBuilderBase &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  return B.CreateCall(compat::getIntrinsic(M, Intrinsic::amdgcn_sched_barrier),
                      {B.getInt32(0)});
}
