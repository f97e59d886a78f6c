//===- SQTTCompat.h - LLVM version differences in one place -----*- C++ -*-===//
//
// The plugin builds against several LLVM lines (Debian's 22.1, ROCm's LLVM,
// Debian's 19). Every API difference between them is absorbed here, so no
// other file carries a version #if.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_COMPAT_H
#define SQTT_COMPAT_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/TargetParser/Triple.h"

#if __has_include("llvm/Plugins/PassPlugin.h")
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

namespace sqtt {
namespace compat {

inline llvm::Function *getIntrinsic(llvm::Module &M, llvm::Intrinsic::ID ID,
                                    llvm::ArrayRef<llvm::Type *> Tys = {}) {
#if LLVM_VERSION_MAJOR >= 20
  return llvm::Intrinsic::getOrInsertDeclaration(&M, ID, Tys);
#else
  return llvm::Intrinsic::getDeclaration(&M, ID, Tys);
#endif
}

inline llvm::Triple moduleTriple(const llvm::Module &M) {
  // A std::string before LLVM 21, a Triple since; both construct a Triple.
  return llvm::Triple(M.getTargetTriple());
}

/// Whether the backend compiles the workgroup fence tagged with the
/// `amdgpu-synchronize-as: local` MMRA without global cache invalidations.
/// LLVM 22 does on every target, tgsplit included. LLVM 19 does not on gfx10+
/// nor on gfx9 with tgsplit (a codegen feature the pass cannot see). Lines in
/// between are unmeasured and take the safe answer.
constexpr bool NarrowsLDSOnlyFence = LLVM_VERSION_MAJOR >= 22;

/// Whether \p Callee is llvm.amdgcn.ds.bpermute.fi.b32 (gfx12's fetch-inactive
/// bpermute). The intrinsic appeared after LLVM 19, so it is matched by name:
/// any line that has it is covered, and a line without it never sees it.
inline bool isBpermuteFetchInactive(const llvm::Function &Callee) {
  return Callee.getName() == "llvm.amdgcn.ds.bpermute.fi.b32";
}

/// Registers \p Callback (taking the pass manager and the level) at the
/// PipelineEarlySimplification extension point.
template <typename CallbackT>
void onEarlySimplification(llvm::PassBuilder &PB, CallbackT Callback) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerPipelineEarlySimplificationEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
                 llvm::ThinOrFullLTOPhase) { Callback(MPM, Level); });
#else
  PB.registerPipelineEarlySimplificationEPCallback(Callback);
#endif
}

/// Registers \p Callback at the OptimizerLast extension point.
template <typename CallbackT>
void onOptimizerLast(llvm::PassBuilder &PB, CallbackT Callback) {
#if LLVM_VERSION_MAJOR >= 20
  PB.registerOptimizerLastEPCallback(
      [Callback](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level,
                 llvm::ThinOrFullLTOPhase) { Callback(MPM, Level); });
#else
  PB.registerOptimizerLastEPCallback(Callback);
#endif
}

} // namespace compat
} // namespace sqtt

#endif // SQTT_COMPAT_H
