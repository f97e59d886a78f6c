//===- SQTTFunctionLimits.cpp - Functions that need plainer markers -------===//
//
// Each rule comes from a function the backend (LLVM 22) rejected with
// -verify-machineinstrs or failed to allocate once instrumented, found by
// running LLVM's own AMDGPU codegen tests through the plugin (make corpus):
//  - ds_gws_* outside the entry block: the GWS custom inserter leaves a killed
//    register in use ("Using a killed virtual register"), with or without us;
//  - pixel shaders: SIWholeQuadMode loses live segments of the exec masks it
//    builds when kills and WQM regions are split by extra blocks;
//  - an explicit register budget ("amdgpu-num-vgpr", "amdgpu-num-sgpr"): the
//    scope check's value live across the function, or the lanes read for an
//    address trace, can exceed it ("ran out of registers").
//
//===----------------------------------------------------------------------===//

#include "SQTTFunctionLimits.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;

static bool callsGWS(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *II = dyn_cast<IntrinsicInst>(&I))
      switch (II->getIntrinsicID()) {
      case Intrinsic::amdgcn_ds_gws_init:
      case Intrinsic::amdgcn_ds_gws_barrier:
      case Intrinsic::amdgcn_ds_gws_sema_v:
      case Intrinsic::amdgcn_ds_gws_sema_br:
      case Intrinsic::amdgcn_ds_gws_sema_p:
      case Intrinsic::amdgcn_ds_gws_sema_release_all:
        return true;
      default:
        break;
      }
  return false;
}

static bool hasRegisterBudget(const Function &F) {
  return F.hasFnAttribute("amdgpu-num-vgpr") || F.hasFnAttribute("amdgpu-num-sgpr");
}

StringRef sqtt::unscopedReason(const Function &F) {
  if (F.getCallingConv() == CallingConv::AMDGPU_PS)
    return "a pixel shader, whose whole-quad-mode code the backend cannot split";
  if (hasRegisterBudget(F))
    return "an explicit register budget (amdgpu-num-vgpr/amdgpu-num-sgpr)";
  if (callsGWS(F))
    return "GWS instructions, which the backend cannot compile outside the entry block";
  return "";
}

StringRef sqtt::noAddressTraceReason(const Function &F) {
  if (hasRegisterBudget(F))
    return "an explicit register budget (amdgpu-num-vgpr/amdgpu-num-sgpr)";
  return "";
}
