//===- SQTTDiagnostics.h - Warnings and errors of the pass ------*- C++ -*-===//
//
// Everything the plugin has to say goes through LLVMContext::diagnose, so the
// host tool decides how to print it: clang prints "warning: sqtt: ..." and an
// error fails the compilation with status 1; opt and llc do the same. The
// plugin never aborts.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_DIAGNOSTICS_H
#define SQTT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"

namespace llvm {
class LLVMContext;
class Function;
} // namespace llvm

namespace sqtt {

void reportWarning(llvm::LLVMContext &Ctx, const llvm::Twine &Message);
void reportError(llvm::LLVMContext &Ctx, const llvm::Twine &Message);

} // namespace sqtt

#endif // SQTT_DIAGNOSTICS_H
