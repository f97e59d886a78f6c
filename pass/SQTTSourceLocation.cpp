//===- SQTTSourceLocation.cpp - Source locations in the funcmap -----------===//

#include "SQTTSourceLocation.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Path.h"

using namespace llvm;

/// The file name without directories: maps stay the same wherever the
/// sources were built from, and rows stay short.
static StringRef fileName(StringRef File) { return sys::path::filename(File); }

std::string sqtt::definitionLocation(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || (SP->getFilename().empty() && SP->getLine() == 0))
    return "";
  return (fileName(SP->getFilename()) + ":" + Twine(SP->getLine())).str();
}

std::string sqtt::inlineChainLocation(const Instruction &I) {
  std::string Chain;
  for (const DILocation *Loc = I.getDebugLoc().get(); Loc;
       Loc = Loc->getInlinedAt()) {
    if (!Chain.empty())
      Chain += " -> ";
    Chain += (fileName(Loc->getFilename()) + ":" + Twine(Loc->getLine())).str();
  }
  return Chain;
}
