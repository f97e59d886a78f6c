//===- SQTTMarkerEmitter.h - Building single trace instructions -*- C++ -*-===//
//
// The smallest building blocks: the marker encoding, one bare trace call
// (s_ttracedata_imm when the value fits and the target has it, otherwise the
// m0 form), raw payload records, and the metadata that tells later steps which
// trace is a header, which is a payload and which belong together.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_MARKER_EMITTER_H
#define SQTT_MARKER_EMITTER_H

#include "SQTTTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallInst;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace sqtt {

constexpr uint32_t FlagExitPrev = 1;
constexpr uint32_t FlagEnter = 2;
constexpr uint32_t FlagMask = 3;
/// A bare exit: pop the top scope, whatever it is.
constexpr uint32_t ExitMarkerValue = FlagExitPrev;
/// The largest value s_ttracedata_imm carries into the trace.
constexpr uint32_t MaxImmMarkerValue = 0xFF;

constexpr uint32_t encodeMarker(uint32_t ID, bool Enter, bool ExitPrev) {
  return (ID << 2) | (ExitPrev ? FlagExitPrev : 0) | (Enter ? FlagEnter : 0);
}

namespace md {
constexpr const char *MarkerHeader = "sqtt.marker_header";
constexpr const char *RawPayload = "sqtt.raw_payload";
constexpr const char *PayloadGroup = "sqtt.payload_group";
/// A single-record trace that only waves in the scope filter emit: the
/// lowering turns it into a trace that skips itself on the function's test.
constexpr const char *ScopedTrace = "sqtt.scoped";
/// An exit that waits for memory first (SQTT_WAIT_AT_EXIT): the lowering
/// gives it the waits.
constexpr const char *WaitAtExit = "sqtt.wait_at_exit";
/// The empty asm that keeps a scope's results before its exit marker.
constexpr const char *ScopeTie = "sqtt.scope_tie";
} // namespace md

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

/// Emits one header trace with the header tag.
llvm::CallInst *emitBareTrace(llvm::IRBuilderBase &B, uint32_t Encoded,
                              const TargetInfo &Target);
/// Emits one raw payload record (always the m0 form).
llvm::CallInst *emitRawPayload(llvm::IRBuilderBase &B, llvm::Value *V);
/// Emits the one-record payload of a data marker after \p Header: the value
/// as i32, made wave-uniform, in the same payload group as the header.
llvm::CallInst *emitDataPayload(llvm::IRBuilderBase &B, llvm::CallInst *Header,
                                llvm::Value *Data);
llvm::CallInst *emitSchedBarrier(llvm::IRBuilderBase &B);

} // namespace sqtt

#endif // SQTT_MARKER_EMITTER_H
