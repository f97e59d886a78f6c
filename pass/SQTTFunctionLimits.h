//===- SQTTFunctionLimits.h - Functions that need plainer markers -*- C++ -*-===//
//
// Some functions compile only if the markers add no control flow, or no
// register pressure: the scope check's branch or the address-trace lane loop
// would make the AMDGPU backend fail on them. For those the pass degrades
// (unscoped markers, no address tracing) and says so, instead of breaking the
// user's build.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_FUNCTION_LIMITS_H
#define SQTT_FUNCTION_LIMITS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
} // namespace llvm

namespace sqtt {

/// Why markers in \p F must not sit behind the scope check's branch; empty if
/// they may.
llvm::StringRef unscopedReason(const llvm::Function &F);

/// Why \p F must not get address tracing; empty if it may.
llvm::StringRef noAddressTraceReason(const llvm::Function &F);

} // namespace sqtt

#endif // SQTT_FUNCTION_LIMITS_H
