//===- SQTTInstrumentPass.h - The SQTT marker instrumentation pass -*- C++ -*-===//
//
// One module pass, run in two phases. Early (before the inliner, O1+)
// resolves named markers to bare traces while each call still sits in its own
// function, and records what it did in IR metadata. Late (after optimisation,
// and the only phase at -O0, where it runs after the always-inliner) places
// every marker for good: scope checks, reordering boundaries, the final m0
// form, and the .sqtt_funcmap section. Link (the device link of an -fgpu-rdc
// build) gives the markers of all linked units unique IDs and one map.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_INSTRUMENT_PASS_H
#define SQTT_INSTRUMENT_PASS_H

#include "SQTTConfig.h"

#include "llvm/IR/PassManager.h"

#include <memory>

namespace sqtt {

/// Early and Late run in each compilation; Link runs in the device link of
/// an -fgpu-rdc build (lld's full LTO).
enum class Phase { Early, Late, Link };

/// What the passes of one compiler process share: the configuration, read
/// once, and whether its diagnostics were already reported.
struct PluginState {
  explicit PluginState(Config Cfg) : Cfg(std::move(Cfg)) {}
  Config Cfg;
  bool ConfigReported = false;
};

class SQTTInstrumentPass : public llvm::PassInfoMixin<SQTTInstrumentPass> {
public:
  SQTTInstrumentPass(std::shared_ptr<PluginState> State, Phase P)
      : State(std::move(State)), P(P) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

  /// At -O0 clang marks functions optnone; a pass that is not required would
  /// be skipped there.
  static bool isRequired() { return true; }

private:
  bool runEarly(llvm::Module &M);
  bool runLate(llvm::Module &M, llvm::FunctionAnalysisManager &FAM);
  /// Reports the configuration's warnings and errors once per process;
  /// returns false if there is an error and nothing may be instrumented.
  bool checkConfig(llvm::Module &M);

  std::shared_ptr<PluginState> State;
  Phase P;
};

} // namespace sqtt

#endif // SQTT_INSTRUMENT_PASS_H
