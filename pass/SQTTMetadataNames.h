//===- SQTTMetadataNames.h - Names the pass phases exchange -----*- C++ -*-===//
//
// Every metadata name one phase of the plugin leaves for another (early ->
// late -> the -fgpu-rdc link phase) or for a later step of the same phase,
// in one place: a name spelt twice could drift apart silently.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_METADATA_NAMES_H
#define SQTT_METADATA_NAMES_H

namespace sqtt {
namespace md {

// --- On trace calls --------------------------------------------------------
/// A header trace (marker value), as opposed to a payload record.
inline constexpr const char *MarkerHeader = "sqtt.marker_header";
/// A payload record following a header.
inline constexpr const char *RawPayload = "sqtt.raw_payload";
/// The header and payload records that are placed as one unit.
inline constexpr const char *PayloadGroup = "sqtt.payload_group";
/// A single-record trace that only waves in the scope filter emit: the
/// lowering turns it into a trace that skips itself on the function's test.
inline constexpr const char *ScopedTrace = "sqtt.scoped";
/// An exit that waits for memory first (SQTT_WAIT_AT_EXIT): the lowering
/// gives it the waits.
inline constexpr const char *WaitAtExit = "sqtt.wait_at_exit";
/// The empty asm that keeps a scope's results before its exit marker.
inline constexpr const char *ScopeTie = "sqtt.scope_tie";

// --- On functions and the funcmap global (for the link phase) ---------------
/// The unit's marker records, on its .sqtt_funcmap global.
inline constexpr const char *Ledger = "sqtt.ledger";
/// The unit's funcmap layout (clock packing, wave size), on the same global.
inline constexpr const char *Layout = "sqtt.layout";
/// The unit a function came from, so the link phase renumbers its markers.
inline constexpr const char *Unit = "sqtt.unit";
/// A function's early function-marker ID (the late phase prunes and
/// renumbers them).
inline constexpr const char *FuncID = "sqtt.func.id";

// --- Named metadata of the module -----------------------------------------
/// The early phase ran (so the late one knows what it left).
inline constexpr const char *EarlyDone = "sqtt.early.done";
/// The early phase's ledger, for the late phase.
inline constexpr const char *EarlyLedger = "sqtt.markers.early";
/// The late phase ran: a module is never instrumented twice.
inline constexpr const char *LateDone = "sqtt.late.done";
/// The link phase ran.
inline constexpr const char *LinkDone = "sqtt.link.done";

} // namespace md
} // namespace sqtt

#endif // SQTT_METADATA_NAMES_H
