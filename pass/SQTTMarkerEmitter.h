//===- SQTTMarkerEmitter.h - Building single trace instructions -*- C++ -*-===//
//
// The smallest building blocks: the marker encoding, one bare trace call
// (s_ttracedata_imm when the value fits and the target has it, otherwise the
// m0 form), raw payload records, and the metadata (SQTTMetadataNames.h) that
// tells later steps which trace is a header, which is a payload and which
// belong together.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_MARKER_EMITTER_H
#define SQTT_MARKER_EMITTER_H

#include "SQTTInstructionKinds.h"
#include "SQTTMetadataNames.h"
#include "SQTTTarget.h"
#include "rocprof_trace_decoder/cxx/marker_value.hpp"

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

// The marker value layout is rocprof_trace_decoder/cxx/marker_value.hpp's.
constexpr uint32_t FlagExitPrev = sqtt_marker_value::exit_prev_flag;
constexpr uint32_t FlagEnter = sqtt_marker_value::enter_flag;
constexpr uint32_t FlagMask = sqtt_marker_value::flag_mask;
/// A bare exit: pop the top scope, whatever it is.
constexpr uint32_t ExitMarkerValue = sqtt_marker_value::bare_exit;
/// The largest value s_ttracedata_imm carries into the trace.
constexpr uint32_t MaxImmMarkerValue = 0xFF;

constexpr uint32_t encodeMarker(uint32_t ID, bool Enter, bool ExitPrev) {
  return sqtt_marker_value::encode(ID, Enter, ExitPrev);
}
constexpr uint32_t markerID(uint32_t Value) { return sqtt_marker_value::id_of(Value); }

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
