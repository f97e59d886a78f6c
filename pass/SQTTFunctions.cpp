//===- SQTTFunctions.cpp - Function entry/exit markers --------------------===//
//
// Pruning is by ID, not by function: clones (specialisations) share their
// original's ID, so one copy at or below the threshold disables them all, and
// a function that was inlined everywhere is judged by the size Early stored.
// Removing a disabled ID erases its enter and exit headers in every function,
// which is what takes the markers out of inlined copies.
//
//===----------------------------------------------------------------------===//

#include "SQTTFunctions.h"
#include "SQTTCostModel.h"
#include "SQTTLedger.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTMarkerPlacer.h"
#include "SQTTNamedMarkers.h"
#include "SQTTSourceLocation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <algorithm>

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumFunctionsMarked, "Functions given entry/exit markers");
STATISTIC(NumFunctionIDsPruned, "Function IDs pruned as below threshold");
STATISTIC(NumPrunedTraces, "Function markers removed (inlined copies included)");

/// Instructions that only carry a marker's name or value around in a
/// function that returns nothing: stack-slot traffic (-O0), casts and
/// arithmetic on the value (markers.hpp's numeric wrappers shift and or the
/// ID), a lane read, the sched_barrier hints.
static bool isMarkerPlumbing(const Instruction &I) {
  if (isDebugOrLifetime(I) || isa<CastInst>(I) || isa<BinaryOperator>(I) ||
      isa<FreezeInst>(I) || isa<AllocaInst>(I) || isa<ReturnInst>(I) ||
      isSchedBarrier(I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    if (II->getIntrinsicID() == Intrinsic::amdgcn_readfirstlane)
      return true;
  const Value *Ptr = nullptr;
  if (const auto *L = dyn_cast<LoadInst>(&I))
    Ptr = L->getPointerOperand();
  else if (const auto *S = dyn_cast<StoreInst>(&I))
    Ptr = S->getPointerOperand();
  return Ptr && isa<AllocaInst>(Ptr->stripPointerCasts());
}

/// A marker itself: a named-marker sentinel, an s_ttracedata(_imm)
/// intrinsic, or inline asm that writes s_ttracedata.
static bool emitsMarker(const Instruction &I) {
  if (isTraceCall(I))
    return true;
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  if (classifySentinel(*CB))
    return true;
  if (const auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand()))
    return StringRef(IA->getAsmString()).contains("s_ttracedata");
  return false;
}

SmallPtrSet<const Function *, 8> sqtt::findMarkerHelpers(Module &M) {
  SmallPtrSet<const Function *, 8> Helpers;
  // A call of a helper is a marker too (a user helper around a markers.hpp
  // wrapper that is not inlined yet), so iterate until nothing changes.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function &F : M) {
      // A helper returns nothing: a value returned is work done for the
      // caller (and at -O0 the arithmetic feeding it looks like plumbing).
      if (F.isDeclaration() || Helpers.count(&F) ||
          !F.getReturnType()->isVoidTy())
        continue;
      bool EmitsMarker = false, OnlyMarking = true;
      for (Instruction &I : instructions(F)) {
        const auto *CB = dyn_cast<CallBase>(&I);
        if (emitsMarker(I) ||
            (CB && CB->getCalledFunction() && Helpers.count(CB->getCalledFunction()))) {
          EmitsMarker = true;
          continue;
        }
        if (!isMarkerPlumbing(I))
          OnlyMarking = false;
      }
      if (EmitsMarker && (OnlyMarking || isMarkerWrapper(F))) {
        Helpers.insert(&F);
        Changed = true;
      }
    }
  }
  return Helpers;
}

static bool hasMustTailCall(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *CI = dyn_cast<CallInst>(&I))
      if (CI->isMustTailCall())
        return true;
  return false;
}

bool sqtt::isInstrumentableFunction(
    const Function &F, const SmallPtrSetImpl<const Function *> &Helpers) {
  return !F.isDeclaration() && !isKernel(F) &&
         !F.hasFnAttribute(Attribute::Naked) && !Helpers.count(&F) &&
         !hasMustTailCall(F);
}

static SmallVector<ReturnInst *, 4> returnsOf(Function &F) {
  SmallVector<ReturnInst *, 4> Rets;
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      Rets.push_back(Ret);
  return Rets;
}

bool sqtt::instrumentFunctionsEarly(
    ArrayRef<TargetFunction> Functions, MarkerLedger &Ledger, const Config &Cfg,
    const SmallPtrSetImpl<const Function *> &Helpers) {
  if (!Cfg.instrumentFunctions())
    return false;
  bool Changed = false;
  for (const TargetFunction &TF : Functions) {
    Function &F = *TF.F;
    if (!isInstrumentableFunction(F, Helpers))
      continue;
    unsigned Size = computeFunctionSize(F, Cfg.FunctionCostModel);
    uint32_t ID = Ledger.addFunction(F.getName(), definitionLocation(F), Size);
    LLVMContext &Ctx = F.getContext();
    F.setMetadata(md::FuncID,
                  MDNode::get(Ctx, ConstantAsMetadata::get(ConstantInt::get(
                                       Type::getInt32Ty(Ctx), ID))));

    SmallVector<ReturnInst *, 4> Rets = returnsOf(F);
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    emitBareTrace(B, encodeMarker(ID, /*Enter=*/true, /*ExitPrev=*/false), TF.Target);
    // The exit keeps the ID until Late, so emissions can be counted per ID.
    for (ReturnInst *Ret : Rets) {
      B.SetInsertPoint(Ret);
      emitBareTrace(B, encodeMarker(ID, /*Enter=*/false, /*ExitPrev=*/true), TF.Target);
    }
    ++NumFunctionsMarked;
    Changed = true;
  }
  return Changed;
}

namespace {
/// An Early header found in Late, by the ledger ID it carries.
struct EarlyTrace {
  CallInst *Call;
  uint32_t ID;
  uint32_t Flags;
  TargetInfo Target;
};
} // namespace

static std::optional<uint32_t> functionIdOf(const Function &F) {
  const MDNode *MD = F.getMetadata(md::FuncID);
  if (!MD || MD->getNumOperands() != 1)
    return std::nullopt;
  if (auto *C = mdconst::dyn_extract_or_null<ConstantInt>(MD->getOperand(0)))
    return static_cast<uint32_t>(C->getZExtValue());
  return std::nullopt;
}

/// a. The function IDs whose every live copy (or, with none left, whose
/// size before optimization) is within the threshold; the others get their
/// definition's location in the ledger.
static DenseSet<uint32_t> disabledFunctions(Module &M, MarkerLedger &Ledger, const Config &Cfg,
                                            const DenseMap<uint32_t, const MarkerRecord *> &Functions) {
  DenseSet<uint32_t> Disabled, Live, Located;
  for (Function &F : M) {
    std::optional<uint32_t> ID = functionIdOf(F);
    F.setMetadata(md::FuncID, nullptr);
    if (!ID || F.isDeclaration() || !Functions.count(*ID))
      continue;
    Live.insert(*ID);
    unsigned Size = computeFunctionSize(F, Cfg.FunctionCostModel);
    if (Size <= Cfg.FunctionThreshold) {
      Disabled.insert(*ID);
      continue;
    }
    std::string Loc = definitionLocation(F);
    if (!Loc.empty() && Located.insert(*ID).second)
      Ledger.setFunctionLocation(*ID, Loc);
  }
  for (auto &[ID, R] : Functions)
    if (!Live.count(ID) && R->PreOptSize <= Cfg.FunctionThreshold)
      Disabled.insert(ID);
  return Disabled;
}

/// b. Every Early header in the module whose ID Early gave.
static SmallVector<EarlyTrace, 32> earlyHeaders(Module &M, const DenseSet<uint32_t> &EarlyIDs) {
  SmallVector<EarlyTrace, 32> Traces;
  for (TargetFunction &TF : targetFunctions(M))
    for (Instruction &I : instructions(*TF.F)) {
      if (!isTraceCall(I) || !hasMarkerMD(I, md::MarkerHeader))
        continue;
      auto *Value = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
      if (!Value)
        continue;
      uint32_t V = static_cast<uint32_t>(Value->getZExtValue());
      if (EarlyIDs.count(markerID(V)))
        Traces.push_back({cast<CallInst>(&I), markerID(V), V & FlagMask, TF.Target});
    }
  return Traces;
}

/// e. The most emitted IDs get the smallest numbers, around the numeric
/// markers' (D24).
static DenseMap<uint32_t, uint32_t> compactIDs(const DenseSet<uint32_t> &EarlyIDs, const DenseSet<uint32_t> &Disabled,
                                               const DenseMap<uint32_t, uint64_t> &Emissions,
                                               const MarkerLedger &Ledger) {
  SmallVector<uint32_t, 32> Order;
  for (uint32_t ID : EarlyIDs)
    if (!Disabled.count(ID))
      Order.push_back(ID);
  llvm::sort(Order, [&](uint32_t A, uint32_t B) {
    uint64_t CA = Emissions.lookup(A), CB = Emissions.lookup(B);
    return CA != CB ? CA > CB : A < B;
  });
  DenseMap<uint32_t, uint32_t> NewID;
  uint32_t Next = 1;
  for (uint32_t ID : Order) {
    while (Ledger.isFixed(Next))
      ++Next;
    NewID[ID] = Next++;
  }
  return NewID;
}

bool sqtt::finalizeEarlyFunctions(Module &M, MarkerLedger &Ledger,
                                  const Config &Cfg) {
  DenseMap<uint32_t, const MarkerRecord *> Functions;
  DenseSet<uint32_t> EarlyIDs;
  for (const MarkerRecord &R : Ledger.records()) {
    if (R.Kind == MarkerKind::Function)
      Functions[R.ID] = &R;
    // Numeric markers keep the IDs written in the source (D24).
    if (!R.Fixed && (R.Kind == MarkerKind::Function || R.Kind == MarkerKind::User ||
                     R.Kind == MarkerKind::Point))
      EarlyIDs.insert(R.ID);
  }
  // A numeric ID found only now (its wrapper was inlined after Early) may be
  // one Early gave away: compaction then moves that marker off it.
  bool Collides = false;
  for (const MarkerRecord &R : Ledger.records())
    Collides |= !R.Fixed && R.Kind != MarkerKind::Kernel && Ledger.isFixed(R.ID);
  if (Functions.empty() && !Collides)
    return false;

  DenseSet<uint32_t> Disabled = disabledFunctions(M, Ledger, Cfg, Functions);
  NumFunctionIDsPruned += Disabled.size();
  SmallVector<EarlyTrace, 32> Traces = earlyHeaders(M, EarlyIDs);

  // c. Remove the markers of disabled functions; d. count the rest.
  DenseMap<uint32_t, uint64_t> Emissions;
  SmallVector<EarlyTrace, 32> Surviving;
  for (EarlyTrace &T : Traces) {
    if (Disabled.count(T.ID) && (T.Flags == FlagEnter || T.Flags == FlagExitPrev)) {
      T.Call->eraseFromParent();
      ++NumPrunedTraces;
      continue;
    }
    ++Emissions[T.ID];
    Surviving.push_back(T);
  }
  DenseMap<uint32_t, uint32_t> NewID = compactIDs(EarlyIDs, Disabled, Emissions, Ledger);

  // f. Rewrite the surviving headers; function exits become bare exits.
  for (EarlyTrace &T : Surviving) {
    uint32_t Value = T.Flags == FlagExitPrev ? ExitMarkerValue
                                             : sqtt_marker_value::with_flags(NewID[T.ID], T.Flags);
    IRBuilder<> B(T.Call);
    CallInst *New = emitBareTrace(B, Value, T.Target);
    New->copyMetadata(*T.Call);
    T.Call->eraseFromParent();
  }

  // g. The ledger follows.
  Ledger.renumber([&](const MarkerRecord &R) -> std::optional<uint32_t> {
    if (R.Fixed)
      return R.ID; // the source's (D24)
    if (R.Kind == MarkerKind::Function && Disabled.count(R.ID))
      return std::nullopt;
    return EarlyIDs.count(R.ID) ? NewID.lookup(R.ID) : R.ID;
  });
  return true;
}

void sqtt::instrumentFunctionDirect(Function &F, unsigned Size,
                                    MarkerLedger &Ledger, MarkerPlacer &Placer,
                                    const Config &Cfg) {
  if (Size <= Cfg.FunctionThreshold)
    return;
  uint32_t ID = Ledger.addFunction(F.getName(), definitionLocation(F), Size);
  SmallVector<ReturnInst *, 4> Rets = returnsOf(F);
  // With a scope filter the entry marker goes right after the check.
  Instruction *EntryPt = &*F.getEntryBlock().getFirstInsertionPt();
  if (Value *ScopeTest = Placer.getOrCreateScopeCheck())
    EntryPt = cast<Instruction>(ScopeTest)->getNextNode(); // The test's last instruction.
  Placer.insertMarker(EntryPt, encodeMarker(ID, /*Enter=*/true, /*ExitPrev=*/false));
  for (ReturnInst *Ret : Rets)
    Placer.insertMarker(Ret, ExitMarkerValue);
  ++NumFunctionsMarked;
}
