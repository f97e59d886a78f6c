//===- SQTTFuncMap.h - The .sqtt_funcmap section ----------------*- C++ -*-===//
//
// Writes the ID-to-name map decoders read from each code object: one
// newline-terminated row per marker (M:, F:, K:, U:/P: with R:, system P:,
// W: and address P: with R:, in that order), as a NUL-terminated string in
// section .sqtt_funcmap, kept alive through the link by llvm.used.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_FUNCMAP_H
#define SQTT_FUNCMAP_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace sqtt {

class MarkerLedger;

struct FuncMapLayout {
  unsigned ShaderClockBits = 0; // Nonzero iff some header was clock-packed.
  unsigned ShaderClockShift = 0;
  unsigned AddrTraceWaveSize = 0; // Nonzero iff an address op was traced.
};

inline constexpr const char *FuncMapGlobal = ".sqtt_func_id_map";

/// Makes \p Text safe for a row: a newline, carriage return or NUL would end
/// the row and an '@' would be read as the start of a source location, so
/// each becomes '_'. Returns true if anything was replaced.
bool sanitizeFuncMapField(std::string &Text, bool AllowAt);

/// The map's text. \p Warn receives one message per sanitized name.
std::string buildFuncMapText(const MarkerLedger &Ledger,
                             const FuncMapLayout &Layout,
                             llvm::function_ref<void(const llvm::Twine &)> Warn);

/// Adds the map global to \p M and to llvm.used.
llvm::GlobalVariable *emitFuncMap(llvm::Module &M, llvm::StringRef Text);

} // namespace sqtt

#endif // SQTT_FUNCMAP_H
