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

namespace {

struct SentinelName {
  const char *Name;
  SentinelKind Kind;
};

const SentinelName Sentinels[] = {
    // markers.hpp
    {"__sqtt_named_marker_enter", SentinelKind::Enter},
    {"__sqtt_named_marker_exit", SentinelKind::Exit},
    {"__sqtt_named_marker_point", SentinelKind::Point},
    {"__sqtt_named_marker_data", SentinelKind::Data},
    // ROCm's plugin: its extern "C" API, and the earlier one
    {"sqtt_marker_enter", SentinelKind::Enter},
    {"sqtt_marker_exit", SentinelKind::Exit},
    {"sqtt_marker_point", SentinelKind::Point},
    {"sqtt_marker_data", SentinelKind::Data},
    {"amd_sqtt_marker_enter_string", SentinelKind::Enter},
    {"amd_sqtt_marker_exit_string", SentinelKind::Exit},
    {"amd_sqtt_marker_point_string", SentinelKind::Point},
    {"amd_sqtt_marker_data_string", SentinelKind::Data},
    {"amd_sqtt_marker_exit", SentinelKind::Exit},
};

const char *const SentinelNames[] = {
    "__sqtt_named_marker_enter", "__sqtt_named_marker_exit", "__sqtt_named_marker_point",
    "__sqtt_named_marker_data", "sqtt_marker_enter", "sqtt_marker_exit", "sqtt_marker_point",
    "sqtt_marker_data", "amd_sqtt_marker_enter_string", "amd_sqtt_marker_exit_string",
    "amd_sqtt_marker_point_string", "amd_sqtt_marker_data_string", "amd_sqtt_marker_exit",
    "sqtt_marker_enter_id", "sqtt_marker_exit_id", "sqtt_marker_point_id",
    "amd_sqtt_marker_enter_id", "amd_sqtt_marker_point_id"};

/// The undefined function \p CB calls, if any: a sentinel is never defined
/// (markers.hpp's own C++ functions of the same names are, and mangled).
const Function *undefinedCallee(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  return Callee && Callee->isDeclaration() && !Callee->isIntrinsic() ? Callee : nullptr;
}

} // namespace

std::optional<SentinelKind> sqtt::classifySentinel(const CallBase &CB) {
  const Function *Callee = undefinedCallee(CB);
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (!Name.contains("sqtt_"))
    return std::nullopt;
  for (const SentinelName &S : Sentinels)
    if (Name == S.Name)
      return S.Kind;
  return std::nullopt;
}

std::optional<NumericSentinelKind> sqtt::classifyNumericSentinel(const CallBase &CB) {
  const Function *Callee = undefinedCallee(CB);
  if (!Callee || CB.arg_size() != 1 || !CB.getArgOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (Name == "sqtt_marker_enter_id" || Name == "amd_sqtt_marker_enter_id")
    return NumericSentinelKind::Enter;
  if (Name == "sqtt_marker_exit_id")
    return NumericSentinelKind::Exit;
  if (Name == "sqtt_marker_point_id" || Name == "amd_sqtt_marker_point_id")
    return NumericSentinelKind::Point;
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
