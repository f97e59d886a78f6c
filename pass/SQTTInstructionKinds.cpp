//===- SQTTInstructionKinds.cpp - What an instruction is to the pass ------===//

#include "SQTTInstructionKinds.h"
#include "SQTTMetadataNames.h"
#include "rocprof_trace_decoder/cxx/marker_value.hpp"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
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
        if (sqtt_marker_value::exits_previous(*V))
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

static const char *const SentinelNames[] = {
    "__sqtt_named_marker_enter", "__sqtt_named_marker_exit",
    "__sqtt_named_marker_point", "__sqtt_named_marker_data"};

std::optional<SentinelKind> sqtt::classifySentinel(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (!Name.starts_with("__sqtt_named_marker_"))
    return std::nullopt;
  if (Name == SentinelNames[0])
    return SentinelKind::Enter;
  if (Name == SentinelNames[1])
    return SentinelKind::Exit;
  if (Name == SentinelNames[2])
    return SentinelKind::Point;
  if (Name == SentinelNames[3])
    return SentinelKind::Data;
  return std::nullopt;
}

ArrayRef<const char *> sqtt::sentinelNames() { return SentinelNames; }

bool sqtt::isWorkgroupSync(const Instruction &I) {
  if (isa<FenceInst>(I))
    return true;
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::amdgcn_s_barrier:
  case Intrinsic::amdgcn_s_barrier_signal:
  case Intrinsic::amdgcn_s_barrier_signal_var:
  case Intrinsic::amdgcn_s_barrier_signal_isfirst:
  case Intrinsic::amdgcn_s_barrier_wait:
    return true;
  default:
    return false;
  }
}

const Instruction *sqtt::nextRealInstruction(const Instruction *I) {
  for (; I; I = I->getNextNode()) {
    if (isDebugOrLifetime(*I))
      continue;
    if (const auto *CB = dyn_cast<CallBase>(I))
      if (classifySentinel(*CB))
        continue;
    return I;
  }
  return nullptr;
}
