//===- SQTTPlugin.cpp - Pass plugin entry point ---------------------------===//
//
// Usage:
//   clang -fpass-plugin=build/lib/libsqttinstrumentpass.so ...
//   opt -load-pass-plugin=build/lib/libsqttinstrumentpass.so -passes=sqtt-late
//
// Early runs at PipelineEarlySimplification (O1 and up); Late runs at
// OptimizerLast at every level. At -O0 that puts the single Late run after
// the always-inliner, where the markers.hpp wrappers are already inlined, so
// named markers work at -O0 too. Link runs in lld's full LTO when the plugin
// is loaded into an -fgpu-rdc device link. The configuration is read from
// the environment once, here.
//
//===----------------------------------------------------------------------===//

#include "SQTTCompat.h"
#include "SQTTInstrumentPass.h"

using namespace llvm;
using namespace sqtt;

static void registerCallbacks(PassBuilder &PB) {
  auto State = std::make_shared<SharedState>(Config::fromEnvironment());

  compat::onEarlySimplification(
      PB, [State](ModulePassManager &MPM, OptimizationLevel Level) {
        if (Level != OptimizationLevel::O0)
          MPM.addPass(SQTTInstrumentPass(State, Phase::Early));
      });
  compat::onOptimizerLast(
      PB, [State](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SQTTInstrumentPass(State, Phase::Late));
      });
  // The device link of an -fgpu-rdc build (-Xoffload-linker
  // --load-pass-plugin=<plugin>): first in the full-LTO pipeline, where
  // every unit's markers are still as its Late left them.
  PB.registerFullLinkTimeOptimizationEarlyEPCallback(
      [State](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SQTTInstrumentPass(State, Phase::Link));
      });
  // Explicit names for tests and custom pipelines.
  PB.registerPipelineParsingCallback(
      [State](StringRef Name, ModulePassManager &MPM,
              ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "sqtt-early") {
          MPM.addPass(SQTTInstrumentPass(State, Phase::Early));
          return true;
        }
        if (Name == "sqtt-late") {
          MPM.addPass(SQTTInstrumentPass(State, Phase::Late));
          return true;
        }
        if (Name == "sqtt-link") {
          MPM.addPass(SQTTInstrumentPass(State, Phase::Link));
          return true;
        }
        return false;
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "SQTTInstrument", "0.1", registerCallbacks};
}
