//===- SQTTMarkerEmitter.cpp - Building single trace instructions ---------===//

#include "SQTTMarkerEmitter.h"
#include "SQTTCompat.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace sqtt;

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
