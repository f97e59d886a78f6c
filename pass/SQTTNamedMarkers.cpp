//===- SQTTNamedMarkers.cpp - sqtt_marker_*("name") resolution ------------===//
//
// Two improvements over the reference resolution, both needed for named
// markers to work at -O0 (where no mem2reg runs after the always-inliner):
// a literal is followed through a stack slot that is stored exactly once, and
// an exit directly followed by an enter still fuses when only that slot
// traffic separates them.
//
//===----------------------------------------------------------------------===//

#include "SQTTNamedMarkers.h"
#include "SQTTDiagnostics.h"
#include "SQTTLedger.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTMarkerPlacer.h"
#include "SQTTTarget.h"

#include "rocprof_trace_decoder/cxx/marker_value.hpp"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumNamedResolved, "Named marker calls resolved");
STATISTIC(NumNamedFused, "Exit+enter pairs fused into one marker");
STATISTIC(NumNamedDropped, "Named marker calls dropped (name not a literal)");
STATISTIC(NumWrapperCallsInlined, "Marker wrapper calls inlined");

static const char *apiName(SentinelKind K) {
  switch (K) {
  case SentinelKind::Enter:
    return "sqtt_marker_enter";
  case SentinelKind::Exit:
    return "sqtt_marker_exit";
  case SentinelKind::Point:
    return "sqtt_marker_point";
  case SentinelKind::Data:
    return "sqtt_marker_data";
  }
  return "sqtt_marker";
}

/// The single store into the stack slot \p Slot, or null if the slot is
/// written more than once or escapes.
static const StoreInst *uniqueStoreTo(const AllocaInst *Slot) {
  const StoreInst *Found = nullptr;
  SmallVector<const Value *, 4> Worklist{Slot};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *P = Worklist.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (const User *U : P->users()) {
      if (isa<LoadInst>(U))
        continue;
      if (const auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() == P)
          return nullptr; // The slot's address escapes.
        if (Found)
          return nullptr;
        Found = SI;
        continue;
      }
      if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
        Worklist.push_back(U);
        continue;
      }
      if (const auto *II = dyn_cast<IntrinsicInst>(U))
        if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
          continue;
      return nullptr;
    }
  }
  return Found;
}

/// Follows casts and, at -O0, a parameter's stack slot back to the value
/// that was passed.
static const Value *markerArgumentSource(const Value *V) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    V = V->stripPointerCasts();
    const auto *Load = dyn_cast<LoadInst>(V);
    if (!Load)
      return V;
    const auto *Slot =
        dyn_cast<AllocaInst>(Load->getPointerOperand()->stripPointerCasts());
    if (!Slot)
      return V;
    const StoreInst *Store = uniqueStoreTo(Slot);
    if (!Store)
      return V;
    V = Store->getValueOperand();
  }
  return V;
}

std::optional<std::string> sqtt::resolveMarkerName(const Value *Arg) {
  const auto *GV = dyn_cast<GlobalVariable>(markerArgumentSource(Arg));
  if (!GV || !GV->hasInitializer())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isString())
    return std::nullopt;
  StringRef Name = Data->getAsString();
  Name.consume_back(StringRef("\0", 1)); // Exactly one terminator.
  return Name.str();
}

static bool forwardsParameter(const Value *Arg) {
  return isa<Argument>(markerArgumentSource(Arg));
}

bool sqtt::isMarkerWrapper(const Function &F) {
  // A function whose markers belong to its callers' scopes: one that enters
  // or points with a name it did not spell as a literal (a wrapper
  // forwarding its parameter, an RAII scope's constructor reading a member),
  // or that only enters or only exits (an RAII destructor, a begin/end
  // helper). ROCm's plugin inlines every function that calls a sentinel
  // (D28); one with literal enters and exits of its own keeps its function
  // frame here, early returns (several exits) included. A kernel never is one.
  if (isKernel(F))
    return false;
  unsigned Enters = 0, Exits = 0;
  for (const Instruction &I : instructions(F)) {
    if (std::optional<uint32_t> V = headerValue(I)) { // a numeric marker's trace
      Enters += sqtt_marker_value::enters(*V);
      Exits += sqtt_marker_value::exits_previous(*V);
      continue;
    }
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    if (std::optional<SentinelKind> K = classifySentinel(*CB)) {
      if (*K == SentinelKind::Exit) { // an exit needs no name
        ++Exits;
        continue;
      }
      if (CB->arg_size() > 0 && !resolveMarkerName(CB->getArgOperand(0)))
        return true;
      Enters += *K == SentinelKind::Enter;
    } else if (std::optional<NumericSentinelKind> N = classifyNumericSentinel(*CB)) {
      Enters += *N == NumericSentinelKind::Enter;
      Exits += *N == NumericSentinelKind::Exit;
    }
  }
  return (Enters == 0) != (Exits == 0);
}

bool sqtt::inlineMarkerWrappers(Module &M) {
  bool Changed = false;
  // Each round peels one wrapper level; headers nest at most a couple.
  for (unsigned Round = 0; Round < 4; ++Round) {
    SmallVector<Function *, 4> Wrappers;
    for (Function &F : M)
      if (!F.isDeclaration() && isMarkerWrapper(F))
        Wrappers.push_back(&F);
    bool Inlined = false;
    for (Function *W : Wrappers) {
      SmallVector<CallBase *, 8> Calls;
      for (User *U : W->users())
        if (auto *CI = dyn_cast<CallInst>(U))
          if (CI->getCalledFunction() == W && CI->getFunction() != W)
            Calls.push_back(CI);
      for (CallBase *CB : Calls) {
        InlineFunctionInfo IFI;
        if (InlineFunction(*CB, IFI).isSuccess()) {
          ++NumWrapperCallsInlined;
          Inlined = true;
        }
      }
      if (W->isDiscardableIfUnused() && W->use_empty()) {
        W->eraseFromParent();
        Inlined = true;
      }
    }
    Changed |= Inlined;
    if (!Inlined)
      break;
  }
  return Changed;
}

/// May an exit at \p Exit fuse with the enter at \p Enter? Nothing but the
/// enter's own argument plumbing (stack-slot loads/stores at -O0, casts,
/// debug and lifetime markers) may separate them.
static bool canFuse(const CallBase &Exit, const CallBase &Enter) {
  if (Exit.getParent() != Enter.getParent())
    return false;
  for (const Instruction *I = Exit.getNextNode(); I; I = I->getNextNode()) {
    if (I == &Enter)
      return true;
    if (isDebugOrLifetime(*I) || isa<CastInst>(I))
      continue;
    const Value *Ptr = nullptr;
    if (const auto *L = dyn_cast<LoadInst>(I))
      Ptr = L->getPointerOperand();
    else if (const auto *S = dyn_cast<StoreInst>(I))
      Ptr = S->getPointerOperand();
    if (Ptr && isa<AllocaInst>(Ptr->stripPointerCasts()))
      continue;
    return false;
  }
  return false;
}

static std::string describeLocation(const Instruction &I) {
  const DebugLoc &DL = I.getDebugLoc();
  if (!DL)
    return "";
  auto *Scope = cast<DIScope>(DL.getScope());
  return (Twine(" at ") + Scope->getFilename() + ":" + Twine(DL.getLine())).str();
}

bool sqtt::resolveNamedMarkers(Function &F, MarkerLedger &Ledger,
                               const TargetInfo &Target,
                               MarkerPlacer *LatePlacer) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (classifySentinel(*CB))
        Calls.push_back(CB);
  if (Calls.empty())
    return false;

  auto Emit = [&](CallBase *At, uint32_t Encoded, Value *Data) {
    if (LatePlacer) {
      LatePlacer->insertMarker(At, Encoded, Data);
      return;
    }
    IRBuilder<> B(At);
    CallInst *Header = emitBareTrace(B, Encoded, Target);
    if (Data)
      emitDataPayload(B, Header, Data);
  };

  SmallPtrSet<CallBase *, 8> Done;
  for (size_t Idx = 0; Idx < Calls.size(); ++Idx) {
    CallBase *Call = Calls[Idx];
    if (Done.count(Call))
      continue;
    SentinelKind Kind = *classifySentinel(*Call);
    std::optional<std::string> Name;
    if (Call->arg_size() > 0)
      Name = resolveMarkerName(Call->getArgOperand(0));

    if (Kind == SentinelKind::Exit && Idx + 1 < Calls.size()) {
      CallBase *Next = Calls[Idx + 1];
      std::optional<std::string> EnterName;
      if (*classifySentinel(*Next) == SentinelKind::Enter && Next->arg_size() > 0 &&
          canFuse(*Call, *Next))
        EnterName = resolveMarkerName(Next->getArgOperand(0));
      if (EnterName) {
        uint32_t ID = Ledger.getOrAddNamedMarker(false, *EnterName, 0);
        Emit(Call, encodeMarker(ID, /*Enter=*/true, /*ExitPrev=*/true), nullptr);
        Next->eraseFromParent();
        Call->eraseFromParent();
        Done.insert(Next);
        ++NumNamedFused;
        NumNamedResolved += 2;
        continue;
      }
    }

    // An exit pops whatever is open: it needs no name (ROCm's plugin does
    // not check it either), so any argument, or none, will do.
    if (Kind == SentinelKind::Exit) {
      Emit(Call, ExitMarkerValue, nullptr);
      Call->eraseFromParent();
      ++NumNamedResolved;
      continue;
    }
    bool IsData = Kind == SentinelKind::Data;
    if (!Name || (IsData && Call->arg_size() < 2)) {
      if (!LatePlacer)
        continue; // Late may still see the literal after inlining.
      // An externally visible wrapper whose every call was inlined keeps an
      // unresolvable body; that is not a lost marker. A kernel is never one.
      bool OrphanWrapper = Call->arg_size() > 0 &&
                           forwardsParameter(Call->getArgOperand(0)) &&
                           F.use_empty() &&
                           !isKernel(F);
      if (!OrphanWrapper)
        reportWarning(F.getContext(),
                      Twine(F.getName()) + ": the argument of " + apiName(Kind) +
                          "()" + describeLocation(*Call) +
                          " is not a string literal; marker dropped");
      Call->eraseFromParent();
      ++NumNamedDropped;
      continue;
    }

    uint32_t Encoded;
    Value *Data = nullptr;
    switch (Kind) {
    case SentinelKind::Enter:
      Encoded = encodeMarker(Ledger.getOrAddNamedMarker(false, *Name, 0), true, false);
      break;
    case SentinelKind::Exit: // handled above
      Encoded = ExitMarkerValue;
      break;
    case SentinelKind::Point:
      Encoded = encodeMarker(Ledger.getOrAddNamedMarker(true, *Name, 0), false, false);
      break;
    case SentinelKind::Data:
      Encoded = encodeMarker(Ledger.getOrAddNamedMarker(true, *Name, 1), false, false);
      Data = Call->getArgOperand(1);
      break;
    }
    Emit(Call, Encoded, Data);
    Call->eraseFromParent();
    ++NumNamedResolved;
  }
  return true;
}

bool sqtt::eraseUnusedSentinels(Module &M) {
  bool Changed = false;
  for (const char *Name : sentinelNames())
    if (Function *F = M.getFunction(Name))
      if (F->isDeclaration() && F->use_empty()) {
        F->eraseFromParent();
        Changed = true;
      }
  return Changed;
}
