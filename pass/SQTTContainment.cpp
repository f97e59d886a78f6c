//===- SQTTContainment.cpp - Keeping a scope's work inside it -------------===//
//
// An exit's scope is found by walking back from the exit along the dominator
// tree, counting markers: the first enter that no later exit on the way
// closes is the one the exit pops (a fused exit+enter counts as both). What
// the walk passes is the scope's straight-line work on every path to the exit;
// of it, the values with a use after the exit (where control gets from the
// exit without passing the enter again) are the ones codegen could sink past
// the exit. Work in branches inside the scope reaches the exit
// through phis, which the walk passes too.
//
// i1 values and aggregates have no register class an asm operand can take;
// the values they are computed from are tied instead.
//
// What a memory read returns is never tied (D38): a tie is a use, and a use
// of a loaded value makes codegen wait for the load right before the exit,
// which moves the completion of a prefetch into its scope. The read's issue
// stays inside without a tie: codegen orders memory reads against the
// markers' side effects (the scheduler treats them as barriers, MachineSink
// does not move a load past one), and the middle end's passes that sink
// instructions (InstCombine) stop at any instruction that may write memory,
// which a marker, writing inaccessible memory, is. Work computed from a
// loaded value is still tied: the source put that work inside the scope.
//
//===----------------------------------------------------------------------===//

#include "SQTTContainment.h"
#include "SQTTMarkerEmitter.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"


using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumTiedValues, "Scope results tied to their exit marker");
STATISTIC(NumUnmatchedExits, "Exit markers whose enter no dominating path shows");

/// Types an asm register operand can take directly.
static bool isTieable(Type *Ty) {
  if (Ty->isVectorTy())
    Ty = cast<VectorType>(Ty)->getElementType();
  return (Ty->isIntegerTy() && !Ty->isIntegerTy(1)) || Ty->isFloatingPointTy() ||
         Ty->isPointerTy();
}

/// Instructions whose value a scope computes and codegen may move: not
/// markers, boundaries or debug records (all void), phis or allocas.
static bool isWork(const Instruction &I) {
  return !I.getType()->isVoidTy() && !isa<PHINode, AllocaInst>(I) && !I.isEHPad();
}

namespace {
/// The straight-line work of one scope: what lies between the exit and the
/// enter it pops on the dominator path, nearest the exit first.
struct ScopeBody {
  SmallVector<Instruction *, 32> Work;
  Instruction *Enter = nullptr;
};
} // namespace

static ScopeBody walkBackToEnter(Instruction &Exit, const DominatorTree &DT) {
  ScopeBody Body;
  unsigned Depth = 0;
  BasicBlock *BB = Exit.getParent();
  Instruction *Cur = Exit.getPrevNode();
  while (true) {
    for (; Cur; Cur = Cur->getPrevNode()) {
      if (std::optional<uint32_t> V = headerValue(*Cur)) {
        if (*V & FlagEnter) {
          if (Depth == 0) {
            Body.Enter = Cur;
            return Body;
          }
          --Depth;
        }
        if (*V & FlagExitPrev)
          ++Depth;
        continue;
      }
      if (isWork(*Cur))
        Body.Work.push_back(Cur);
    }
    DomTreeNode *Node = DT.getNode(BB);
    if (!Node || !Node->getIDom())
      return Body;
    BB = Node->getIDom()->getBlock();
    Cur = BB->getTerminator();
  }
}

namespace {
/// Where control can get from the exit without passing its enter again: the
/// code after the exit, including the join of a branch the exit sits in
/// (which the exit does not dominate) and, around a loop, the code before the
/// enter. A use there is a use after the scope.
class AfterExit {
public:
  AfterExit(Instruction &Exit, Instruction &Enter) : Exit(Exit), Enter(Enter) {}

  /// Whether \p U could draw its value past the exit: it is after the exit
  /// in another block than the exit's, or in the exit's block in an
  /// instruction that may itself sink out of it. (Sinking into the exit's
  /// own block puts work at the top of it, before the exit and its hints; a
  /// return or a store stays where it is.)
  bool contains(const Use &U) {
    auto *User = cast<Instruction>(U.getUser());
    auto *Phi = dyn_cast<PHINode>(User);
    const BasicBlock *At = Phi ? Phi->getIncomingBlock(U) : User->getParent();
    if (At == Exit.getParent())
      return !Phi && !User->isTerminator() && !User->mayHaveSideEffects();
    return Phi ? containsEndOf(At) : containsPosition(*User);
  }

private:
  void explore() {
    if (Explored)
      return;
    Explored = true;
    BasicBlock *XB = Exit.getParent();
    // An enter later in the exit's block (a loop around the scope) is passed
    // before any successor.
    if (Enter.getParent() == XB && Exit.comesBefore(&Enter))
      return;
    SmallVector<BasicBlock *, 16> Work(successors(XB));
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (BB == Enter.getParent()) {
        EnterBlockReached = true;
        continue;
      }
      if (!Reached.insert(BB).second)
        continue;
      for (BasicBlock *Succ : successors(BB))
        Work.push_back(Succ);
    }
  }

  bool containsPosition(const Instruction &I) {
    const BasicBlock *BB = I.getParent();
    explore();
    if (BB == Enter.getParent())
      return EnterBlockReached && I.comesBefore(&Enter);
    return Reached.count(BB);
  }

  bool containsEndOf(const BasicBlock *BB) {
    if (BB == Enter.getParent())
      return false; // the end of the enter's block is inside the scope
    explore();
    return Reached.count(BB);
  }

  Instruction &Exit;
  Instruction &Enter;
  bool Explored = false;
  bool EnterBlockReached = false;
  SmallPtrSet<const BasicBlock *, 16> Reached;
};
} // namespace

/// The values of \p Body to tie at \p Exit: the used-after ones, or for the
/// untieable ones among them the values of the scope they are made from.
static SmallSetVector<Value *, 8> valuesToTie(const ScopeBody &Body, Instruction &Exit) {
  SmallPtrSet<const Instruction *, 32> ScopeTest(Body.Work.begin(), Body.Work.end());
  AfterExit After(Exit, *Body.Enter);
  SmallSetVector<Value *, 8> Tied;
  SmallVector<Instruction *, 8> Pending;
  for (Instruction *I : Body.Work)
    if (any_of(I->uses(), [&](const Use &U) {
          return !ScopeTest.count(cast<Instruction>(U.getUser())) && After.contains(U);
        }))
      Pending.push_back(I);
  SmallPtrSet<Instruction *, 16> Seen;
  while (!Pending.empty()) {
    Instruction *I = Pending.pop_back_val();
    if (!Seen.insert(I).second)
      continue;
    // A scope holds the issue of its memory reads, not their completion
    // (D38): reading a load's result at the exit would make the compiler
    // wait for memory there. The load needs no tie to stay: codegen does not
    // move a memory read across a marker's side effects.
    if (I->mayReadFromMemory())
      continue;
    if (isTieable(I->getType())) {
      Tied.insert(I);
      continue;
    }
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op))
        if (ScopeTest.count(OpI))
          Pending.push_back(OpI);
  }
  return Tied;
}

/// An empty asm that reads \p Values, before \p Exit.
static void emitTie(Instruction &Exit, ArrayRef<Value *> Values, const UniformityInfo *UI) {
  SmallVector<Type *, 8> Types;
  std::string Constraints;
  for (Value *V : Values) {
    Types.push_back(V->getType());
    if (!Constraints.empty())
      Constraints += ',';
    // A VGPR operand is legal for every value; an SGPR one only for a
    // wave-uniform value, and saves the copy into a VGPR.
    Constraints += UI && UI->isUniform(V) ? 's' : 'v';
  }
  auto *Ty = FunctionType::get(Type::getVoidTy(Exit.getContext()), Types, false);
  CallInst *Tie = CallInst::Create(InlineAsm::get(Ty, "", Constraints, /*hasSideEffects=*/true),
                                   Values, "", Exit.getIterator());
  Tie->setDebugLoc(Exit.getDebugLoc());
  Tie->setMetadata(md::ScopeTie, MDNode::get(Exit.getContext(), {}));
}

void sqtt::dropScopeTies(Function &F) {
  SmallVector<Instruction *, 8> Ties;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (I.hasMetadata(md::ScopeTie))
        Ties.push_back(&I);
  for (Instruction *Tie : Ties)
    Tie->eraseFromParent();
}

unsigned sqtt::containScopeWork(Function &F,
                                function_ref<const UniformityInfo *()> Uniformity) {
  SmallVector<Instruction *, 16> Exits = exitMarkers(F);
  if (Exits.empty())
    return 0;

  DominatorTree DT(F);
  const UniformityInfo *UI = nullptr;
  bool AskedUniformity = false;
  unsigned Tied = 0;
  for (Instruction *Exit : Exits) {
    ScopeBody Body = walkBackToEnter(*Exit, DT);
    if (!Body.Enter) {
      ++NumUnmatchedExits;
      continue;
    }
    SmallSetVector<Value *, 8> Values = valuesToTie(Body, *Exit);
    if (Values.empty())
      continue;
    if (!AskedUniformity) {
      AskedUniformity = true;
      UI = Uniformity();
    }
    // Inline asm takes a bounded number of operands: tie in groups.
    constexpr size_t MaxOperands = 32;
    ArrayRef<Value *> All = Values.getArrayRef();
    for (size_t I = 0; I < All.size(); I += MaxOperands)
      emitTie(*Exit, All.slice(I, std::min(MaxOperands, All.size() - I)), UI);
    Tied += Values.size();
  }
  NumTiedValues += Tied;
  return Tied;
}
