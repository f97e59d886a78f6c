//===- SQTTDiagnostics.cpp - Warnings and errors of the pass --------------===//

#include "SQTTDiagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

namespace {

/// A plugin diagnostic whose text starts with "sqtt: ", so users can tell the
/// plugin's messages from the compiler's.
class DiagnosticInfoSQTT : public DiagnosticInfo {
public:
  DiagnosticInfoSQTT(const Twine &Message, DiagnosticSeverity Severity)
      : DiagnosticInfo(kind(), Severity), Message(Message.str()) {}

  void print(DiagnosticPrinter &DP) const override {
    DP << "sqtt: " << Message;
  }

private:
  static int kind() {
    static const int Kind = getNextAvailablePluginDiagnosticKind();
    return Kind;
  }

  std::string Message;
};

} // namespace

void sqtt::reportWarning(LLVMContext &Ctx, const Twine &Message) {
  Ctx.diagnose(DiagnosticInfoSQTT(Message, DS_Warning));
}

void sqtt::reportError(LLVMContext &Ctx, const Twine &Message) {
  Ctx.diagnose(DiagnosticInfoSQTT(Message, DS_Error));
}
