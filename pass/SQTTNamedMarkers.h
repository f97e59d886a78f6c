//===- SQTTNamedMarkers.h - sqtt_marker_*("name") resolution ----*- C++ -*-===//
//
// markers.hpp turns sqtt_marker_enter/exit/point/data("name") into calls of
// undefined sentinels (__sqtt_named_marker_*), so a build without the plugin
// fails to link instead of silently losing markers. This file finds those
// calls, resolves the string literal (through the header's wrapper functions
// and, at -O0, through the stack slot the wrapper parameter lives in), gives
// each name an ID and replaces the call with a trace.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_NAMED_MARKERS_H
#define SQTT_NAMED_MARKERS_H

#include "SQTTInstructionKinds.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Function;
class Module;
class Value;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
class MarkerPlacer;
struct TargetInfo;

/// The marker name a sentinel argument denotes, if it is a string literal.
std::optional<std::string> resolveMarkerName(const llvm::Value *Arg);

/// Does \p F, not a kernel, call a sentinel (a marker wrapper such as the
/// markers.hpp functions, an RAII scope's constructor or destructor)? Such
/// functions are inlined into their callers and never instrumented as
/// functions themselves.
bool isMarkerWrapper(const llvm::Function &F);

/// Inlines every direct call of a marker wrapper, nested wrappers included,
/// so literals reach their sentinels and markers the caller's scopes, and
/// deletes wrappers left unused.
bool inlineMarkerWrappers(llvm::Module &M);

/// Early: resolved sentinels become bare traces and unresolved ones stay for
/// Late. Late (with a placer): resolved sentinels become fully placed markers
/// and unresolved ones are dropped with a warning. Returns true on change.
bool resolveNamedMarkers(llvm::Function &F, MarkerLedger &Ledger,
                         const TargetInfo &Target, MarkerPlacer *LatePlacer);

/// Removes sentinel declarations nothing calls any more.
bool eraseUnusedSentinels(llvm::Module &M);

} // namespace sqtt

#endif // SQTT_NAMED_MARKERS_H
