//===- SQTTInstructionKinds.h - What an instruction is to the pass -*- C++ -*-===//
//
// The classifiers every step of the pass shares: trace calls and which of
// them are marker headers, the named-marker sentinels, scheduling hints,
// workgroup syncs, debug and lifetime bookkeeping. (Feature-specific kinds
// live with their feature: barriers in SQTTBarriers, memory operations in
// SQTTMemoryOps, address-traced operations in SQTTAddressTrace.) Everything
// here depends only on LLVM and the metadata names, so the steps that use it
// do not depend on each other.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_INSTRUCTION_KINDS_H
#define SQTT_INSTRUCTION_KINDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

/// True for calls of llvm.amdgcn.s.ttracedata and llvm.amdgcn.s.ttracedata.imm.
bool isTraceCall(const llvm::Instruction &I);
bool isImmTraceCall(const llvm::Instruction &I);
/// True for llvm.amdgcn.sched.barrier with a zero mask.
bool isCanonicalSchedBarrier(const llvm::Instruction &I);
bool isSchedBarrier(const llvm::Instruction &I);
bool isDebugOrLifetime(const llvm::Instruction &I);
bool hasMarkerMD(const llvm::Instruction &I, const char *Kind);

/// The marker value of a header trace (any trace but a payload record) whose
/// value is a constant; none for everything else.
std::optional<uint32_t> headerValue(const llvm::Instruction &I);
/// The header traces of \p F that pop a scope: bare exits and fused
/// exit+enter markers, in block order.
llvm::SmallVector<llvm::Instruction *, 16> exitMarkers(llvm::Function &F);

/// The calls markers.hpp makes for sqtt_marker_*("name"), and the ones code
/// written for ROCm's in-tree marker plugin makes (D28): its extern "C"
/// sqtt_marker_enter/exit/point/data("name") and the earlier
/// amd_sqtt_marker_*_string / amd_sqtt_marker_exit() declarations.
enum class SentinelKind { Enter, Exit, Point, Data };
/// Every sentinel function's name.
llvm::ArrayRef<const char *> sentinelNames();
/// Classifies a call of an undefined function by callee name only, as the
/// headers' declarations differ in signature between versions.
std::optional<SentinelKind> classifySentinel(const llvm::CallBase &CB);

/// ROCm's numeric sentinels (D28): sqtt_marker_enter_id(id),
/// sqtt_marker_exit_id(id), sqtt_marker_point_id(id) and the earlier
/// amd_sqtt_marker_enter_id / amd_sqtt_marker_point_id.
enum class NumericSentinelKind { Enter, Exit, Point };
std::optional<NumericSentinelKind> classifyNumericSentinel(const llvm::CallBase &CB);

/// A workgroup sync: an IR fence or an s_barrier / s_barrier_signal* /
/// s_barrier_wait call.
bool isWorkgroupSync(const llvm::Instruction &I);

/// The first instruction at or after \p I that does real work: debug, pseudo,
/// lifetime and named-marker sentinel calls are skipped. Null at block end.
const llvm::Instruction *nextRealInstruction(const llvm::Instruction *I);

} // namespace sqtt

#endif // SQTT_INSTRUCTION_KINDS_H
