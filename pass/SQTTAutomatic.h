//===- SQTTAutomatic.h - Barrier and memory-operation markers ---*- C++ -*-===//
//
// Point markers the pass plants without any source change: around workgroup
// barriers (SQTT_INSTRUMENT_BARRIERS) and after groups of global/buffer/flat
// memory operations (SQTT_INSTRUMENT_MEMORY=N:M). Their IDs are shared by
// every occurrence, so their map rows carry no source location.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_AUTOMATIC_H
#define SQTT_AUTOMATIC_H

#include "SQTTConfig.h"

#include <cstdint>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
class MarkerPlacer;

/// The IDs of the system point markers (0 when the feature is off).
struct SystemMarkerIDs {
  uint32_t BarrierSignal = 0, BarrierWait = 0, Barrier = 0;
  uint32_t VmemLoad = 0, VmemStore = 0;
};

/// Allocates the system IDs in the specification's order (barrier_signal,
/// barrier_wait, barrier, vmem_load, vmem_store) for the enabled features.
SystemMarkerIDs allocateSystemMarkerIDs(MarkerLedger &Ledger, const Config &Cfg);

enum class BarrierKind { None, Signal, Wait, Full };
BarrierKind classifyBarrier(const llvm::Instruction &I);

enum class MemoryOpKind { None, Load, Store };
/// Global, flat, constant and buffer accesses; atomics count as stores; LDS
/// and private (scratch) accesses are not memory operations here.
MemoryOpKind classifyMemoryOp(const llvm::Instruction &I);

/// Marks every barrier of \p F: before s_barrier and an unpaired wait, after
/// an unpaired signal, and once between a signal and the wait right after it.
void instrumentBarriers(llvm::Function &F, MarkerPlacer &Placer,
                        const SystemMarkerIDs &IDs);

/// Marks runs of up to \p ChunkSize same-kind memory operations in a block,
/// a run ending at a load/store change or after more than \p MaxGap other
/// instructions; each marker goes after the run's last operation.
void instrumentMemoryOps(llvm::Function &F, MarkerPlacer &Placer,
                         const SystemMarkerIDs &IDs, unsigned ChunkSize,
                         unsigned MaxGap);

} // namespace sqtt

#endif // SQTT_AUTOMATIC_H
