//===- SQTTAddressTrace.h - Per-lane address tracing ------------*- C++ -*-===//
//
// SQTT_TRACE_ADDRESSES=memory|lds|memory,lds records, before each qualifying
// memory operation, which address every lane of the wave touches: a header
// marker with an ID unique to that operation (and its inline-chain source
// location in the map), the EXEC mask, then one record per lane (two for
// 64-bit addresses), read lane by lane with v_readlane. Buffer operations
// record their descriptor words and offsets instead of computed addresses.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_ADDRESS_TRACE_H
#define SQTT_ADDRESS_TRACE_H

#include "SQTTConfig.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
class MarkerPlacer;

/// How an operation's addresses are recorded.
enum class AddressProtocol { Memory, LDS, RawBuffer, StructBuffer, Permute };

struct AddressTraceOp {
  AddressProtocol Protocol;
  llvm::StringRef KindName; // The funcmap name, "addr_trace_load", ...
};

/// Which of the fourteen address-trace kinds \p I is, if it qualifies under
/// the configured categories.
std::optional<AddressTraceOp> classifyAddressOp(const llvm::Instruction &I,
                                                const Config &Cfg);

/// Records following the header for one operation: EXEC (2), the fixed
/// buffer words (3), and the per-lane words.
unsigned addressPayloadCount(AddressProtocol Protocol, unsigned WaveSize);

/// Traces every qualifying operation of \p F; returns how many.
unsigned instrumentAddressTraces(llvm::Function &F, MarkerPlacer &Placer,
                                 MarkerLedger &Ledger, const Config &Cfg);

} // namespace sqtt

#endif // SQTT_ADDRESS_TRACE_H
