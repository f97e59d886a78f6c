//===- SQTTSourceLocation.cpp - Source locations in the funcmap -----------===//

#include "SQTTSourceLocation.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

std::string sqtt::definitionLocation(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || (SP->getFilename().empty() && SP->getLine() == 0))
    return "";
  return (SP->getFilename() + ":" + Twine(SP->getLine())).str();
}

std::string sqtt::inlineChainLocation(const Instruction &I) {
  std::string Chain;
  for (const DILocation *Loc = I.getDebugLoc().get(); Loc;
       Loc = Loc->getInlinedAt()) {
    if (!Chain.empty())
      Chain += " -> ";
    Chain += (Loc->getFilename() + ":" + Twine(Loc->getLine())).str();
  }
  return Chain;
}
