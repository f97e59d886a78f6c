//===- SQTTFuncMap.cpp - The .sqtt_funcmap section ------------------------===//
//
// Names are raw (mangled) symbol names so decoders can match them against the
// code object's symbols. The reference wrote them unescaped, and a name with a
// newline or '@' silently corrupted the map; here such characters are replaced
// and the user is told.
//
//===----------------------------------------------------------------------===//

#include "SQTTFuncMap.h"
#include "SQTTLedger.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;
using namespace sqtt;
using namespace sqtt_marker_kind;

bool sqtt::sanitizeFuncMapField(std::string &Text, bool AllowAt) {
  bool Changed = false;
  for (char &C : Text)
    if (C == '\n' || C == '\r' || C == '\0' || (!AllowAt && C == '@')) {
      C = '_';
      Changed = true;
    }
  return Changed;
}

namespace {

class RowWriter {
public:
  RowWriter(std::string &Out, function_ref<void(const Twine &)> Warn)
      : OS(Out), Warn(Warn) {}

  void named(const MarkerRecord &R, bool WithID) {
    std::string Name = R.Name;
    if (sanitizeFuncMapField(Name, /*AllowAt=*/false))
      Warn(Twine("marker name '") + printable(R.Name) +
           "' contains a character that would break .sqtt_funcmap; written as '" +
           Name + "'");
    std::string Loc = R.SourceLoc;
    sanitizeFuncMapField(Loc, /*AllowAt=*/true);
    OS << row_of(R.Kind) << ':';
    if (WithID)
      OS << R.ID << ':';
    OS << Name;
    if (!Loc.empty())
      OS << '@' << Loc;
    OS << '\n';
    if (R.ExtraPayloadCount != 0) {
      OS << row::payload << ':' << R.ID << ':' << extra_payload_count_key << '='
         << R.ExtraPayloadCount;
      // An address trace's width and object: keys other readers skip.
      if (R.AccessBytes)
        OS << ';' << access_bytes_key << '=' << R.AccessBytes;
      if (!R.Base.empty())
        OS << ';' << base_key << '=' << R.Base;
      OS << '\n';
    }
  }

  raw_string_ostream OS;

private:
  static std::string printable(StringRef S) {
    std::string Out;
    for (char C : S) {
      if (C == '\n')
        Out += "\\n";
      else if (C == '\r')
        Out += "\\r";
      else if (C == '\0')
        Out += "\\0";
      else
        Out += C;
    }
    return Out;
  }

  function_ref<void(const Twine &)> Warn;
};

} // namespace

std::string sqtt::buildFuncMapText(const MarkerLedger &Ledger,
                                   const FuncMapLayout &Layout,
                                   function_ref<void(const Twine &)> Warn) {
  std::string Text;
  RowWriter W(Text, Warn);
  const auto &Records = Ledger.records();

  if (Layout.ShaderClockBits != 0)
    W.OS << row::layout << ':' << shader_clock_bits_key << '=' << Layout.ShaderClockBits << ';'
         << shader_clock_shift_key << '=' << Layout.ShaderClockShift << '\n';

  SmallVector<const MarkerRecord *, 16> Functions;
  for (const MarkerRecord &R : Records)
    if (R.Kind == MarkerKind::Function)
      Functions.push_back(&R);
  llvm::sort(Functions, [](const MarkerRecord *A, const MarkerRecord *B) {
    return A->ID < B->ID;
  });
  for (const MarkerRecord *R : Functions)
    W.named(*R, /*WithID=*/true);

  for (const MarkerRecord &R : Records)
    if (R.Kind == MarkerKind::Kernel)
      W.named(R, /*WithID=*/false);

  for (const MarkerRecord &R : Records)
    if (!R.Fixed && (R.Kind == MarkerKind::User || R.Kind == MarkerKind::Point))
      W.named(R, /*WithID=*/true);
  // Numeric markers (D24) by ID: one map whichever phase first saw them.
  SmallVector<const MarkerRecord *, 8> Numeric;
  for (const MarkerRecord &R : Records)
    if (R.Fixed)
      Numeric.push_back(&R);
  llvm::sort(Numeric, [](const MarkerRecord *A, const MarkerRecord *B) { return A->ID < B->ID; });
  for (const MarkerRecord *R : Numeric)
    W.named(*R, /*WithID=*/true);

  for (const MarkerRecord &R : Records)
    if (R.Kind == MarkerKind::SystemPoint)
      W.named(R, /*WithID=*/true);

  if (Layout.AddrTraceWaveSize != 0)
    W.OS << row::wave_size << ':' << Layout.AddrTraceWaveSize << '\n';
  for (const MarkerRecord &R : Records)
    if (R.Kind == MarkerKind::AddressPoint)
      W.named(R, /*WithID=*/true);

  W.OS.flush();
  return Text;
}

GlobalVariable *sqtt::emitFuncMap(Module &M, StringRef Text) {
  LLVMContext &Ctx = M.getContext();
  Constant *Init = ConstantDataArray::getString(Ctx, Text, /*AddNull=*/true);
  unsigned AS = M.getDataLayout().getDefaultGlobalsAddressSpace();
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::InternalLinkage, Init,
                                FuncMapGlobal, nullptr,
                                GlobalValue::NotThreadLocal, AS);
  GV->setSection(funcmap_section);
  GV->setAlignment(Align(1));
  appendToUsed(M, {GV});
  return GV;
}
