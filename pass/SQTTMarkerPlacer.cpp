//===- SQTTMarkerPlacer.cpp - Putting markers where they stay -------------===//
//
// Unscoped, a marker is bracketed by sched_barrier(0) hints (skipped where a
// fence or sched_barrier already stands next to it) and by the reordering
// boundary. Scoped, the marker sits in its own "sqtt.trace" block behind the
// per-function check; the branch already orders it, and a sched_barrier inside
// a tiny conditional block only buys s_nop stalls, so the only hint left is
// the pin at the head of "sqtt.skip" when the marker times a sync.
//
//===----------------------------------------------------------------------===//

#include "SQTTMarkerPlacer.h"
#include "SQTTBoundary.h"
#include "SQTTCompat.h"
#include "SQTTDiagnostics.h"
#include "SQTTFunctionLimits.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTInstructionKinds.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumScopeChecks, "Scope checks built (one per function at most)");
STATISTIC(NumScopedRuns, "Marker runs wrapped in a scope check");
STATISTIC(NumScopedInPlace, "Single markers scoped in place (no branch around them)");
STATISTIC(NumPins, "sched_barrier pins placed before a sync");
STATISTIC(NumBoundaries, "Reordering boundaries placed");
STATISTIC(NumUnscopedFunctions, "Functions whose markers could not be scoped");

MarkerPlacer::MarkerPlacer(Function &F, const Config &Cfg,
                           const TargetInfo &Target)
    : F(F), Cfg(Cfg), Target(Target),
      UnscopedReason(Cfg.needsScopeCheck() ? unscopedReason(F) : StringRef()),
      Scoped(Cfg.needsScopeCheck() && UnscopedReason.empty()) {}

void MarkerPlacer::noteUnscoped() {
  if (WarnedUnscoped || UnscopedReason.empty())
    return;
  WarnedUnscoped = true;
  ++NumUnscopedFunctions;
  reportWarning(F.getContext(), "markers in '" + F.getName() + "' are not scoped: it has " +
                                    UnscopedReason + "; every wave emits them");
}

namespace {
/// The s_getreg operand of a HW_ID field, or of its bits from \p Skip up.
std::string hwregOperand(HwIdField Field, unsigned Skip = 0) {
  Field = Field.upper(Skip);
  return "hwreg(" + std::to_string(Field.hwreg) + ", " + std::to_string(Field.offset) + ", " +
         std::to_string(Field.width) + ")";
}

/// A pure asm computing a scope test from constants.
CallInst *emitTestAsm(IRBuilderBase &B, Type *RetTy, const std::string &Text,
                      StringRef Constraints, ArrayRef<Value *> Args) {
  SmallVector<Type *, 1> Params;
  for (Value *A : Args)
    Params.push_back(A->getType());
  CallInst *Check = B.CreateCall(InlineAsm::get(FunctionType::get(RetTy, Params, false), Text,
                                                Constraints, /*hasSideEffects=*/false),
                                 Args, "sqtt.check");
  // Pure, so the copies inlining brings into a caller (link phase) merge.
  Check->setDoesNotAccessMemory();
  Check->setDoesNotThrow();
  return Check;
}
} // namespace

/// The test of one filtering dimension. In SCC: s_bitcmp1 tests bit hw_id of
/// the mask straight into SCC, which the backend's selection of the same test
/// does not (it shifts, compares and copies: two to three more instructions
/// per function). In VCC, a skip word that is zero in scope: for a mask of the
/// lowest 2^k IDs, the ID's bits from k up as they are (one s_getreg), otherwise
/// the bit test turned into 0 or -1. The backend adds no waits inside asm, so
/// gfx1200/gfx1201 get the one their SALU needs before reading the SGPR that
/// s_getreg has just written, and gfx11 wave64 the ones its lane-mask write
/// hazard needs after each SGPR write.
static Value *emitScopeTestAsm(IRBuilderBase &B, const TargetInfo &Target, bool InVcc,
                               const HwIdField &Field, uint32_t Mask) {
  // gfx11 has no s_wait_alu: the same instruction is spelt s_waitcnt_depctr.
  std::string SaluWait;
  if (Target.needsSaluWaitInAsm())
    SaluWait = "\ns_wait_alu depctr_sa_sdst(0)";
  else if (InVcc && Target.hasMaskWriteHazard())
    SaluWait = "\ns_waitcnt_depctr depctr_sa_sdst(0)";
  // The lowest 2^k ids are those whose bits from k up are zero; a run of
  // ones of any other length has no such form.
  unsigned LowIds = llvm::countr_one(Mask);
  if (InVcc && Mask == maskTrailingOnes<uint32_t>(LowIds) && isPowerOf2_32(LowIds) &&
      Log2_32(LowIds) < Field.width) {
    Value *Word = emitTestAsm(B, B.getInt32Ty(),
                              "s_getreg_b32 $0, " + hwregOperand(Field, Log2_32(LowIds)) + SaluWait,
                              "=s", {});
    if (Target.WaveSize == 32)
      Word->setName("sqtt.in");
    return B.CreateZExt(Word, B.getIntNTy(Target.WaveSize), "sqtt.in");
  }
  // $0 the hardware field, $1 the test, $2 the mask.
  std::string Text = "s_getreg_b32 $0, " + hwregOperand(Field) + SaluWait + "\ns_bitcmp1_b32 $2, $0";
  Type *TestTy = B.getInt1Ty();
  const char *Constraints = "=&s,={scc},i";
  if (InVcc) {
    TestTy = B.getIntNTy(Target.WaveSize);
    Text += "\ns_cselect_b" + std::to_string(Target.WaveSize) + " $1, 0, -1" + SaluWait;
    Constraints = "=&s,=s,i";
  }
  CallInst *Check = emitTestAsm(B, StructType::get(B.getInt32Ty(), TestTy), Text, Constraints,
                                {B.getInt32(Mask)});
  return B.CreateExtractValue(Check, 1, "sqtt.in");
}

Value *MarkerPlacer::getOrCreateScopeCheck() {
  if (!isScoped())
    return nullptr;
  if (ScopeTest)
    return ScopeTest;
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());

  struct Dimension {
    uint32_t Mask;
    HwIdField Field;
  };
  SmallVector<Dimension, 4> Filtering;
  for (ScopeDimension D : sqtt_hardware_ids::dimensions)
    if (HwIdField Field = Target.field(D); Field.is_filtered_by(Cfg.scopeMask(D)))
      Filtering.push_back({Field.selected(Cfg.scopeMask(D)), Field});
  if (Filtering.empty())
    return nullptr; // Masks wider than the fields: nothing to filter.
  // The skip word in VCC where asm may branch on VCCZ: the register allocator
  // keeps it in VCC from the test to the last marker where nothing else needs
  // VCC, and copies it back (one s_mov) where something did. SCC is set again
  // (an s_and with EXEC) in every block with markers and needs a longer test.
  bool InVcc = Target.canBranchOnVccInAsm();

  if (Filtering.size() == 1) {
    const Dimension &D = Filtering.front();
    ScopeTest = emitScopeTestAsm(B, Target, InVcc, D.Field, D.Mask);
  } else {
    Function *GetReg = compat::getIntrinsic(*F.getParent(), Intrinsic::amdgcn_s_getreg);
    Value *Skip = nullptr;
    for (const Dimension &D : Filtering) {
      // Bit hw_id of the mask's complement, spread over the word: with it
      // reversed, the bit is shifted into the sign and the arithmetic shift
      // copies it. -1 where this dimension leaves the wave out.
      Value *HwId = B.CreateCall(GetReg, {B.getInt32(D.Field.getreg_imm())}, "sqtt.hwid");
      Value *AtSign = B.CreateShl(B.getInt32(reverseBits(~D.Mask)), HwId);
      Value *Out = B.CreateAShr(AtSign, B.getInt32(31), "sqtt.out");
      Skip = Skip ? B.CreateOr(Skip, Out, "sqtt.out") : Out;
    }
    // The skip word (zero in scope) as the VCC form takes it, widened to the
    // wave; the SCC form after a compare.
    if (!InVcc)
      ScopeTest = B.CreateICmpEQ(Skip, B.getInt32(0), "sqtt.in");
    else
      ScopeTest = B.CreateSExt(Skip, B.getIntNTy(Target.WaveSize), "sqtt.in");
  }
  ++NumScopeChecks;
  return ScopeTest;
}

void MarkerPlacer::emitBoundary(IRBuilderBase &B) {
  switch (effectiveBoundary(Cfg.MemBarrier, Target)) {
  case MemBarrierMode::None:
    return;
  case MemBarrierMode::AsmClobber: {
    auto *Ty = FunctionType::get(B.getVoidTy(), false);
    B.CreateCall(InlineAsm::get(Ty, "", "~{memory}", /*hasSideEffects=*/true));
    break;
  }
  case MemBarrierMode::Fence: {
    // Workgroup scope, tagged as synchronizing only local memory: the fence
    // pins the marker for every optimizer and scheduler without making
    // codegen invalidate any global cache.
    FenceInst *Fence = B.CreateFence(AtomicOrdering::AcquireRelease,
                                     B.getContext().getOrInsertSyncScopeID("workgroup"));
    LLVMContext &Ctx = B.getContext();
    Fence->setMetadata(LLVMContext::MD_mmra,
                       MDNode::get(Ctx, {MDString::get(Ctx, "amdgpu-synchronize-as"),
                                         MDString::get(Ctx, "local")}));
    break;
  }
  }
  ++NumBoundaries;
}

static bool isOrderingNeighbour(const Instruction *I) {
  return I && (isa<FenceInst>(I) || isSchedBarrier(*I));
}

void MarkerPlacer::addBoundaries(Instruction *First, Instruction *Last,
                                 bool Hints) {
  noteUnscoped();
  bool HintBefore = Hints && !isOrderingNeighbour(First->getPrevNode());
  bool HintAfter = Hints && !isOrderingNeighbour(Last->getNextNode());

  IRBuilder<> B(First);
  if (HintBefore)
    emitSchedBarrier(B);
  emitBoundary(B);

  B.SetInsertPoint(Last->getNextNode());
  emitBoundary(B);
  if (HintAfter)
    emitSchedBarrier(B);
}

/// Allocas left behind a split of the entry block would turn dynamic; move the
/// static ones to the top first.
static void keepAllocasInEntry(BasicBlock &BB, Instruction *SplitPt) {
  if (!BB.isEntryBlock())
    return;
  SmallVector<AllocaInst *, 4> Moved;
  for (Instruction *I = SplitPt; I; I = I->getNextNode())
    if (auto *AI = dyn_cast<AllocaInst>(I))
      if (isa<Constant>(AI->getArraySize()))
        Moved.push_back(AI);
  for (AllocaInst *AI : Moved)
    AI->moveBefore(BB, BB.getFirstInsertionPt()); // both LLVM 19 and 22 have this form
}

/// The scope test as a branch condition: the SCC form is one, the VCC skip
/// word is zero in scope.
static Value *branchCondition(Value *ScopeTest, Instruction *InsertBefore) {
  if (ScopeTest->getType()->isIntegerTy(1))
    return ScopeTest;
  return new ICmpInst(InsertBefore->getIterator(), ICmpInst::ICMP_EQ, ScopeTest,
                      ConstantInt::get(ScopeTest->getType(), 0), "sqtt.in.cond");
}

void MarkerPlacer::wrapInScopeCheck(Instruction *First, Instruction *Last,
                                    bool Pin, StringRef TraceName,
                                    StringRef SkipName) {
  Value *OK = getOrCreateScopeCheck();
  if (!OK)
    return;
  BasicBlock *Head = First->getParent();
  keepAllocasInEntry(*Head, First);
  BasicBlock *Trace = SplitBlock(Head, First, (DominatorTree *)nullptr, nullptr,
                                 nullptr, TraceName);
  BasicBlock *Skip = SplitBlock(Trace, Last->getNextNode(),
                                (DominatorTree *)nullptr, nullptr, nullptr,
                                SkipName);
  Instruction *OldBr = Head->getTerminator();
  BranchInst *Br = BranchInst::Create(Trace, Skip, branchCondition(OK, OldBr), OldBr->getIterator());
  Br->setDebugLoc(First->getDebugLoc());
  OldBr->eraseFromParent();
  ++NumScopedRuns;
  if (Pin) {
    IRBuilder<> B(Skip, Skip->getFirstInsertionPt());
    emitSchedBarrier(B);
    ++NumPins;
  }
}

BasicBlock *MarkerPlacer::openScopedRegion(Instruction *Before,
                                           StringRef TraceName,
                                           StringRef SkipName) {
  Value *OK = getOrCreateScopeCheck();
  if (!OK) {
    noteUnscoped();
    return nullptr;
  }
  BasicBlock *Head = Before->getParent();
  keepAllocasInEntry(*Head, Before);
  BasicBlock *Skip = SplitBlock(Head, Before, (DominatorTree *)nullptr, nullptr,
                                nullptr, SkipName);
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Trace = BasicBlock::Create(Ctx, TraceName, &F, Skip);
  BranchInst::Create(Skip, Trace)->setDebugLoc(Before->getDebugLoc());
  Instruction *OldBr = Head->getTerminator();
  BranchInst *Br = BranchInst::Create(Trace, Skip, branchCondition(OK, OldBr), OldBr->getIterator());
  Br->setDebugLoc(Before->getDebugLoc());
  OldBr->eraseFromParent();
  ++NumScopedRuns;
  return Trace;
}

void MarkerPlacer::scopeInPlace(CallInst *Trace) {
  Trace->setMetadata(md::ScopedTrace, MDNode::get(F.getContext(), {}));
  ++NumScopedInPlace;
  addBoundaries(Trace, Trace, /*Hints=*/true);
}

void MarkerPlacer::insertMarker(Instruction *InsertPt, uint32_t Encoded,
                                Value *Data) {
  bool Pin = false;
  if (isScoped())
    if (const Instruction *Next = nextRealInstruction(InsertPt))
      Pin = isWorkgroupSync(*Next);

  IRBuilder<> B(InsertPt);
  CallInst *Header = emitBareTrace(B, Encoded, Target);
  Instruction *Last = Header;
  if (Data)
    Last = emitDataPayload(B, Header, Data);

  if (!isScoped() || !getOrCreateScopeCheck()) {
    addBoundaries(Header, Last, /*Hints=*/true);
    return;
  }
  if (!Data) {
    scopeInPlace(Header);
    return;
  }
  wrapInScopeCheck(Header, Last, Pin, "sqtt.trace", "sqtt.skip");
  addBoundaries(Header, Last, /*Hints=*/false);
}

namespace {
/// Consecutive trace calls that are placed as one unit: one trace, or a
/// header followed by its payload records.
struct TraceRange {
  CallInst *First;
  CallInst *Last;
};
} // namespace

static MDNode *payloadGroup(const Instruction &I) {
  return I.getMetadata(md::PayloadGroup);
}

/// Can \p Payload extend the range that ends with the single header \p Header?
static bool continuesPayloadGroup(const TraceRange &R, CallInst &Payload) {
  if (R.First != R.Last || !hasMarkerMD(*R.First, md::MarkerHeader) ||
      !hasMarkerMD(Payload, md::RawPayload))
    return false;
  MDNode *Group = payloadGroup(*R.First);
  if (!Group || payloadGroup(Payload) != Group)
    return false;
  for (Instruction *I = R.Last->getNextNode(); I != &Payload; I = I->getNextNode())
    if (payloadGroup(*I) != Group && !isDebugOrLifetime(*I))
      return false;
  return true;
}

/// May two ranges separated only by instructions like this share one scope
/// check?
static bool isIgnorableBetweenRanges(const Instruction &I) {
  return isTraceCall(I) || isCanonicalSchedBarrier(I) || isDebugOrLifetime(I);
}

static void eraseIfCanonicalSchedBarrier(Instruction *I) {
  if (I && isCanonicalSchedBarrier(*I))
    I->eraseFromParent();
}

void MarkerPlacer::finalizeExistingMarkers() {
  // Ranges per block, in block order, collected before anything moves.
  SmallVector<SmallVector<TraceRange, 4>, 8> BlockRanges;
  for (BasicBlock &BB : F) {
    SmallVector<TraceRange, 4> Ranges;
    for (Instruction &I : BB) {
      if (!isTraceCall(I))
        continue;
      auto *Call = cast<CallInst>(&I);
      if (!Ranges.empty() && continuesPayloadGroup(Ranges.back(), *Call))
        Ranges.back().Last = Call;
      else
        Ranges.push_back({Call, Call});
    }
    if (!Ranges.empty())
      BlockRanges.push_back(std::move(Ranges));
  }

  // No check is built for a function without traces: it would stay behind
  // as a dead s_getreg (the intrinsic is not removable).
  if (BlockRanges.empty())
    return;
  if (!isScoped() || !getOrCreateScopeCheck()) {
    for (auto &Ranges : BlockRanges)
      for (TraceRange &R : Ranges)
        addBoundaries(R.First, R.Last, /*Hints=*/true);
    return;
  }

  for (auto &Ranges : BlockRanges) {
    // Coalesce neighbouring ranges into runs that could share one branch.
    SmallVector<std::pair<size_t, size_t>, 4> Runs; // [begin, end) indices
    for (size_t I = 0; I < Ranges.size(); ++I) {
      bool Joins = false;
      if (!Runs.empty()) {
        Joins = true;
        for (Instruction *X = Ranges[I - 1].Last->getNextNode();
             X != Ranges[I].First; X = X->getNextNode())
          if (!isIgnorableBetweenRanges(*X)) {
            Joins = false;
            break;
          }
      }
      if (Joins)
        Runs.back().second = I + 1;
      else
        Runs.push_back({I, I + 1});
    }
    for (auto [Begin, End] : Runs) {
      bool AllSingle = true;
      for (size_t I = Begin; I < End; ++I)
        AllSingle &= Ranges[I].First == Ranges[I].Last;
      if (AllSingle) {
        // Each trace skips itself: no branch, placed like an unscoped one.
        for (size_t I = Begin; I < End; ++I)
          scopeInPlace(Ranges[I].First);
        continue;
      }
      // A run with payload records goes behind one branch; the branch orders
      // the markers, and the headers' own hints would only stall.
      for (size_t I = Begin; I < End; ++I) {
        eraseIfCanonicalSchedBarrier(Ranges[I].First->getPrevNode());
        eraseIfCanonicalSchedBarrier(Ranges[I].Last->getNextNode());
      }
      CallInst *First = Ranges[Begin].First;
      CallInst *Last = Ranges[End - 1].Last;
      const Instruction *Next = nextRealInstruction(Last->getNextNode());
      bool Pin = Next && isWorkgroupSync(*Next);
      wrapInScopeCheck(First, Last, Pin, "sqtt.trace", "sqtt.skip");
      for (size_t I = Begin; I < End; ++I)
        addBoundaries(Ranges[I].First, Ranges[I].Last, /*Hints=*/false);
    }
  }
}
