//===- SQTTMemoryOps.cpp - Memory-operation markers -----------------------===//
//
// One marker per group of N same-kind operations keeps the overhead bounded
// in memory-heavy code while still showing when the loads and stores issue.
// Loads and stores never share a group, so each marker says truthfully what
// it follows; a gap of more than M other instructions also ends a group.
//
//===----------------------------------------------------------------------===//

#include "SQTTAutomatic.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTTarget.h"
#include "SQTTMarkerPlacer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumMemoryMarkers, "Memory-operation markers inserted");

static MemoryOpKind classifyByPointer(const Value *Ptr, bool IsLoad) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == addrspace::Local || AS == addrspace::Private)
    return MemoryOpKind::None;
  return IsLoad ? MemoryOpKind::Load : MemoryOpKind::Store;
}

/// Buffer and global intrinsics, by name: llvm.amdgcn.{raw,struct}[.ptr].
/// [t]buffer.{load,store,atomic}*, llvm.amdgcn.global.load.lds and the
/// global/flat atomic intrinsics.
static MemoryOpKind classifyIntrinsicByName(StringRef Name) {
  if (!Name.consume_front("llvm.amdgcn."))
    return MemoryOpKind::None;
  if (Name.starts_with("global.load.lds"))
    return MemoryOpKind::Load;
  if (Name.starts_with("global.atomic.") || Name.starts_with("flat.atomic."))
    return MemoryOpKind::Store;
  if (!Name.consume_front("raw.") && !Name.consume_front("struct."))
    return MemoryOpKind::None;
  Name.consume_front("ptr.");
  if (!Name.consume_front("buffer.") && !Name.consume_front("tbuffer."))
    return MemoryOpKind::None;
  if (Name.starts_with("load"))
    return MemoryOpKind::Load;
  if (Name.starts_with("store") || Name.starts_with("atomic"))
    return MemoryOpKind::Store;
  return MemoryOpKind::None;
}

MemoryOpKind sqtt::classifyMemoryOp(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return classifyByPointer(L->getPointerOperand(), true);
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return classifyByPointer(S->getPointerOperand(), false);
  if (const auto *A = dyn_cast<AtomicRMWInst>(&I))
    return classifyByPointer(A->getPointerOperand(), false);
  if (const auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
    return classifyByPointer(C->getPointerOperand(), false);
  if (const auto *CB = dyn_cast<CallBase>(&I))
    if (const Function *Callee = CB->getCalledFunction())
      return classifyIntrinsicByName(Callee->getName());
  return MemoryOpKind::None;
}

void sqtt::instrumentMemoryOps(Function &F, MarkerPlacer &Placer,
                               const SystemMarkerIDs &IDs, unsigned ChunkSize,
                               unsigned MaxGap) {
  SmallVector<std::pair<Instruction *, uint32_t>, 16> Markers;
  for (BasicBlock &BB : F) {
    MemoryOpKind RunKind = MemoryOpKind::None;
    Instruction *LastOp = nullptr;
    unsigned RunSize = 0, Gap = 0;
    bool SeenOp = false;
    auto Flush = [&] {
      if (RunSize == 0)
        return;
      uint32_t ID = RunKind == MemoryOpKind::Load ? IDs.VmemLoad : IDs.VmemStore;
      Markers.push_back({LastOp->getNextNode(), ID});
      RunSize = 0;
    };
    for (Instruction &I : BB) {
      MemoryOpKind Kind = classifyMemoryOp(I);
      if (Kind == MemoryOpKind::None) {
        if (SeenOp)
          ++Gap;
        continue;
      }
      if (Kind != RunKind || Gap > MaxGap)
        Flush();
      SeenOp = true;
      RunKind = Kind;
      LastOp = &I;
      Gap = 0;
      if (++RunSize == ChunkSize)
        Flush();
    }
    Flush();
  }
  for (auto [InsertPt, ID] : Markers) {
    Placer.insertMarker(InsertPt, encodeMarker(ID, false, false));
    ++NumMemoryMarkers;
  }
}
