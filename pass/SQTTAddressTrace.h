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

#include "rocprof_trace_decoder/cxx/address_block.hpp"

#include <optional>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

class MarkerLedger;
class MarkerPlacer;

/// Which of the fourteen kinds an operation is; its name, protocol and the
/// block's layout are address_block.hpp's, which the tools decode with.
using AddressKind = sqtt_address_block::kind;
using AddressProtocol = sqtt_address_block::protocol;

/// Which of the fourteen address-trace kinds \p I is, if it qualifies under
/// the configured categories.
std::optional<AddressKind> classifyAddressOp(const llvm::Instruction &I, const Config &Cfg);

/// Traces every qualifying operation of \p F; returns how many.
unsigned instrumentAddressTraces(llvm::Function &F, MarkerPlacer &Placer,
                                 MarkerLedger &Ledger, const Config &Cfg);

} // namespace sqtt

#endif // SQTT_ADDRESS_TRACE_H
