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
// the -sqtt-marker-* options and the environment once, here.
//
// A plugin loads only into the LLVM it was built against. LLVM itself rejects
// a different plugin API version, with a message that does not say what to do;
// before that, llvmGetPassPluginInfo compares the host's LLVM (LLVMGetVersion,
// resolved from the process) with the one the plugin was built for and, on a
// mismatch, names both and the fix, then refuses the load.
//
//===----------------------------------------------------------------------===//

#include "SQTTCompat.h"
#include "SQTTInstrumentPass.h"
#include "SQTTOptions.h"

#include <cstdio>
#include <dlfcn.h>

// From llvm-c/Core.h, declared weak: a host that lacks it still loads us.
extern "C" LLVM_ATTRIBUTE_WEAK void LLVMGetVersion(unsigned *Major, unsigned *Minor,
                                                   unsigned *Patch);

using namespace llvm;
using namespace sqtt;

static void registerCallbacks(PassBuilder &PB) {
  auto State = std::make_shared<PluginState>(Config::fromEnvironment());

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

/// Whether the process loading the plugin runs the LLVM it was built for;
/// if not, says so on stderr (plain stdio: the host's LLVM streams may not
/// match our headers).
static bool hostLLVMMatches() {
  unsigned Major = 0, Minor = 0, Patch = 0;
  if (!LLVMGetVersion)
    return true; // Cannot tell; LLVM's own API-version check still applies.
  LLVMGetVersion(&Major, &Minor, &Patch);
  if (Major == LLVM_VERSION_MAJOR)
    return true;
  Dl_info Self{};
  const char *Path = dladdr(reinterpret_cast<void *>(&hostLLVMMatches), &Self) && Self.dli_fname
                         ? Self.dli_fname
                         : "the sqtt-instrument plugin";
  std::fprintf(stderr,
               "sqtt-instrument: error: %s was built for LLVM %s but this compiler is "
               "LLVM %u.%u.%u; use a plugin built against this compiler's LLVM "
               "(cmake -DLLVM_DIR=<its prefix>/lib/cmake/llvm)\n",
               Path, LLVM_VERSION_STRING, Major, Minor, Patch);
  return false;
}

/// The options exist as soon as the library is loaded (-Xclang -load loads
/// it before clang parses -mllvm; clang before 22 loads -fpass-plugin only
/// after), but only inside the LLVM it was built for.
namespace {
struct RegisterOptionsAtLoad {
  RegisterOptionsAtLoad() {
    unsigned Major = 0, Minor = 0, Patch = 0;
    if (!LLVMGetVersion)
      return;
    LLVMGetVersion(&Major, &Minor, &Patch);
    if (Major == LLVM_VERSION_MAJOR)
      registerPluginOptions();
  }
} OptionsAtLoad;
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  // API version 0 is never supported: LLVM refuses the load after our message.
  if (!hostLLVMMatches())
    return {0u, "SQTTInstrument", SQTT_VERSION, registerCallbacks};
  // The -sqtt-marker-* options (D28): clang and opt load pass plugins
  // before they parse -mllvm options, so these are seen.
  registerPluginOptions();
  return {LLVM_PLUGIN_API_VERSION, "SQTTInstrument", SQTT_VERSION, registerCallbacks};
}
