//===- SQTTCostModel.h - Function size for SQTT_INSTRUMENT_FUNCTIONS -*- C++ -*-===//
//
// Decides which functions are worth an entry/exit marker pair. The plain
// count weighs every real instruction 1; the weighted model (cost:N) charges
// what dominates a GPU function's time: matrix ops 16, global/flat memory 10,
// LDS 4, the rest 1. The pass's own marker instructions never count.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_COST_MODEL_H
#define SQTT_COST_MODEL_H

#include "SQTTConfig.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

/// The weight of one instruction under \p Model.
unsigned instructionCost(const llvm::Instruction &I, CostModel Model);

/// The size of \p F under \p Model, excluding marker instructions (those
/// tagged as headers, payloads or payload-group members).
unsigned computeFunctionSize(const llvm::Function &F, CostModel Model);

} // namespace sqtt

#endif // SQTT_COST_MODEL_H
