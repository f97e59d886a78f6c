//===- SQTTLowering.cpp - Final form of m0-based traces -------------------===//
//
// The value goes to m0 through a copy the backend makes; values that are not
// obviously wave-uniform are first read from the first active lane, as the
// intrinsic's own selection does, so that copy never starts from a VGPR.
//
//===----------------------------------------------------------------------===//

#include "SQTTLowering.h"
#include "SQTTExitWait.h"
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

STATISTIC(NumLowered, "Traces lowered to inline asm (m0 form, or scoped)");

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
    case Intrinsic::amdgcn_ballot:
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

static bool isScopedTrace(const Instruction &I, const Value *ScopeTest) {
  return ScopeTest && hasMarkerMD(I, md::ScopedTrace);
}

static constexpr const char *SkipLabel = ".Lsqtt_skip${:uid}";

/// The asm text of \p Trace (see SQTTLowering.h).
static std::string traceAsmText(const TraceAsm &Trace) {
  std::string Text;
  if (Trace.ScopeTest) {
    bool InVcc = !Trace.ScopeTest->getType()->isIntegerTy(1);
    Text = std::string(InVcc ? "s_cbranch_vccnz " : "s_cbranch_scc0 ") + SkipLabel + "\n";
  }
  if (!Trace.Waits.empty())
    Text += Trace.Waits + "\n";
  if (Trace.Imm)
    Text += "s_ttracedata_imm $0";
  else
    Text += Trace.ScopeTest ? "s_ttracedata" : "s_nop 0\ns_ttracedata";
  if (Trace.ScopeTest)
    Text += std::string("\n") + SkipLabel + ":";
  return Text;
}

CallInst *sqtt::emitTraceAsm(IRBuilderBase &B, const TraceAsm &Trace) {
  assert((!Trace.Imm || Trace.ScopeTest || !Trace.Waits.empty()) &&
         "an unscoped immediate trace that does not wait stays an intrinsic");
  Type *I32 = B.getInt32Ty();
  SmallVector<Type *, 2> Params = {I32};
  SmallVector<Value *, 2> Args = {Trace.Operand};
  std::string Constraints = Trace.Imm ? "i" : "{m0}";
  if (Trace.ScopeTest) {
    Type *TestTy = Trace.ScopeTest->getType();
    bool InVcc = !TestTy->isIntegerTy(1);
    Constraints += !InVcc ? ",{scc}" : TestTy->isIntegerTy(32) ? ",{vcc_lo}" : ",{vcc}";
    Params.push_back(TestTy);
    Args.push_back(Trace.ScopeTest);
  }
  auto *Ty = FunctionType::get(B.getVoidTy(), Params, false);
  return B.CreateCall(
      InlineAsm::get(Ty, traceAsmText(Trace), Constraints, /*hasSideEffects=*/true), Args);
}

std::optional<TraceAsm> sqtt::matchTraceAsm(const CallInst &Call) {
  const auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand());
  if (!IA || Call.arg_size() < 1 || Call.arg_size() > 2)
    return std::nullopt;
  SmallVector<StringRef, 8> Lines;
  StringRef(IA->getAsmString()).split(Lines, '\n');
  TraceAsm Trace;
  Trace.Operand = Call.getArgOperand(0);
  ArrayRef<StringRef> Body = Lines;
  bool Scoped = Call.arg_size() == 2;
  if (Scoped) {
    std::string Label = std::string(SkipLabel);
    if (Body.size() < 3 || Body.back() != Label + ":" ||
        (Body.front() != "s_cbranch_vccnz " + Label && Body.front() != "s_cbranch_scc0 " + Label))
      return std::nullopt;
    Trace.ScopeTest = Call.getArgOperand(1);
    Body = Body.drop_front().drop_back();
  }
  if (Body.empty())
    return std::nullopt;
  if (Body.back() == "s_ttracedata_imm $0") {
    Trace.Imm = true;
  } else if (Body.back() == "s_ttracedata") {
    // Unscoped, the m0 form keeps its wait state.
    if (!Scoped) {
      if (Body.size() < 2 || Body.drop_back().back() != "s_nop 0")
        return std::nullopt;
      Body = Body.drop_back();
    }
  } else {
    return std::nullopt;
  }
  Body = Body.drop_back();
  for (StringRef Wait : Body) {
    if (!Wait.starts_with("s_wait"))
      return std::nullopt;
    Trace.Waits += (Trace.Waits.empty() ? "" : "\n") + Wait.str();
  }
  if (Trace.Imm && !Scoped && Trace.Waits.empty())
    return std::nullopt;
  return Trace;
}

LoweringResult sqtt::lowerFullTraces(Function &F, const TargetInfo &Target,
                                     const ClockPacking &Packing, Value *ScopeTest) {
  bool Pack = Packing.appliesTo(Target);
  SmallVector<CallInst *, 16> Traces;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->getIntrinsicID() == Intrinsic::amdgcn_s_ttracedata ||
          (isImmTraceCall(*II) &&
           ((Pack && carriesShaderClock(*II)) || isScopedTrace(*II, ScopeTest) ||
           hasMarkerMD(*II, md::WaitAtExit))))
        Traces.push_back(II);

  LoweringResult Result;
  Module &M = *F.getParent();
  Type *I32 = Type::getInt32Ty(F.getContext());
  for (CallInst *Call : Traces) {
    IRBuilder<> B(Call);
    TraceAsm Trace;
    Trace.Operand = Call->getArgOperand(0);
    bool Scoped = isScopedTrace(*Call, ScopeTest);
    bool Packed = Pack && carriesShaderClock(*Call);
    if (Scoped)
      Trace.ScopeTest = ScopeTest;
    if (Trace.Operand->getType() != I32) // The immediate form's i16.
      Trace.Operand = B.getInt32(cast<ConstantInt>(Trace.Operand)->getZExtValue());
    Trace.Imm = isImmTraceCall(*Call) && !Packed;
    if (hasMarkerMD(*Call, md::WaitAtExit))
      Trace.Waits = memoryWaitAsm(Target);
    if (Packed) {
      if (auto *C = dyn_cast<ConstantInt>(Trace.Operand)) {
        uint32_t ID = markerID(static_cast<uint32_t>(C->getZExtValue()));
        if (ID > Packing.maxID() && !Result.UnfitID)
          Result.UnfitID = ID;
      }
      Trace.Operand = packShaderClock(B, Trace.Operand, Target, Packing);
      ++Result.Packed;
    }
    if (!isa<ConstantInt>(Trace.Operand) && !isTriviallyUniform(Trace.Operand))
      Trace.Operand = B.CreateCall(
          compat::getIntrinsic(M, Intrinsic::amdgcn_readfirstlane, {I32}), {Trace.Operand});
    CallInst *Lowered = emitTraceAsm(B, Trace);
    Lowered->copyMetadata(*Call);
    Lowered->setDebugLoc(Call->getDebugLoc());
    Call->eraseFromParent();
    ++NumLowered;
    ++Result.Lowered;
    Result.Scoped += Scoped;
  }
  return Result;
}
