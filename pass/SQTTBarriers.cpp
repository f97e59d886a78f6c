//===- SQTTBarriers.cpp - Barrier markers ---------------------------------===//
//
// gfx12 splits a barrier into s_barrier_signal and s_barrier_wait (that is
// what __syncthreads becomes there); older targets have one s_barrier. The
// marker times the moment a wave arrives: before a full barrier or a wait,
// after a signal, and for a signal directly followed by its wait a single
// "barrier" marker between the two. Only the instructions are matched; the
// fences around __syncthreads are not barriers.
//
//===----------------------------------------------------------------------===//

#include "SQTTAutomatic.h"
#include "SQTTLedger.h"
#include "SQTTMarkerEmitter.h"
#include "SQTTMarkerPlacer.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace sqtt;

#define DEBUG_TYPE "sqtt-instrument"

STATISTIC(NumBarrierMarkers, "Barrier markers inserted");

SystemMarkerIDs sqtt::allocateSystemMarkerIDs(MarkerLedger &Ledger,
                                              const Config &Cfg) {
  SystemMarkerIDs IDs;
  if (Cfg.InstrumentBarriers) {
    IDs.BarrierSignal = Ledger.addSystemPoint("barrier_signal");
    IDs.BarrierWait = Ledger.addSystemPoint("barrier_wait");
    IDs.Barrier = Ledger.addSystemPoint("barrier");
  }
  if (Cfg.instrumentMemory()) {
    IDs.VmemLoad = Ledger.addSystemPoint("vmem_load");
    IDs.VmemStore = Ledger.addSystemPoint("vmem_store");
  }
  return IDs;
}

BarrierKind sqtt::classifyBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return BarrierKind::None;
  switch (II->getIntrinsicID()) {
  case Intrinsic::amdgcn_s_barrier_signal:
  case Intrinsic::amdgcn_s_barrier_signal_var:
  case Intrinsic::amdgcn_s_barrier_signal_isfirst:
    return BarrierKind::Signal;
  case Intrinsic::amdgcn_s_barrier_wait:
    return BarrierKind::Wait;
  case Intrinsic::amdgcn_s_barrier:
    return BarrierKind::Full;
  default:
    return BarrierKind::None;
  }
}

void sqtt::instrumentBarriers(Function &F, MarkerPlacer &Placer,
                              const SystemMarkerIDs &IDs) {
  // Decide every placement first; inserting markers splits blocks.
  SmallVector<std::pair<Instruction *, uint32_t>, 8> Markers;
  auto MarkAfter = [&](Instruction *I, uint32_t ID) {
    Markers.push_back({I->getNextNode(), ID});
  };
  for (BasicBlock &BB : F) {
    Instruction *PendingSignal = nullptr;
    for (Instruction &I : BB) {
      BarrierKind Kind = classifyBarrier(I);
      if (PendingSignal) {
        if (Kind == BarrierKind::Wait && PendingSignal->getNextNode() == &I) {
          Markers.push_back({&I, IDs.Barrier}); // Between signal and wait.
          PendingSignal = nullptr;
          continue;
        }
        MarkAfter(PendingSignal, IDs.BarrierSignal);
        PendingSignal = nullptr;
      }
      if (Kind == BarrierKind::Signal)
        PendingSignal = &I;
      else if (Kind == BarrierKind::Wait)
        Markers.push_back({&I, IDs.BarrierWait});
      else if (Kind == BarrierKind::Full)
        Markers.push_back({&I, IDs.Barrier});
    }
    if (PendingSignal)
      MarkAfter(PendingSignal, IDs.BarrierSignal);
  }
  for (auto [InsertPt, ID] : Markers) {
    Placer.insertMarker(InsertPt, encodeMarker(ID, false, false));
    ++NumBarrierMarkers;
  }
}
