//===- SQTTSourceLocation.h - Source locations in the funcmap ---*- C++ -*-===//
//
// Formats the source locations funcmap rows carry: "file:line" of a function
// definition, and the inline chain "inner.hip:7 -> outer.hip:20" of an
// instruction. File names only, no directories, as rocprofiler-sdk prints.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_SOURCE_LOCATION_H
#define SQTT_SOURCE_LOCATION_H

#include <string>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace sqtt {

/// "file:line" of \p F's definition, or "" without debug info.
std::string definitionLocation(const llvm::Function &F);

/// The inline chain of \p I, innermost first, or "" without a location.
std::string inlineChainLocation(const llvm::Instruction &I);

} // namespace sqtt

#endif // SQTT_SOURCE_LOCATION_H
