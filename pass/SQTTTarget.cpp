//===- SQTTTarget.cpp - AMDGPU generation facts used by the pass ----------===//
//
// The generation comes from LLVM's ISA version of the processor, so legacy
// names (fiji) and the generic targets read as the backend reads them.
//
//===----------------------------------------------------------------------===//

#include "SQTTTarget.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace llvm;
using namespace sqtt;

TargetInfo sqtt::classifyProcessor(StringRef CPU, StringRef Features) {
  TargetInfo T;
  // A target id may carry feature suffixes ("gfx90a:xnack+").
  CPU = CPU.split(':').first;
  AMDGPU::IsaVersion Isa = AMDGPU::getIsaVersion(CPU);
  T.Major = Isa.Major;
  T.Minor = Isa.Minor;
  T.Stepping = Isa.Stepping;
  T.Gen = sqtt_hardware_ids::generation_of_major(Isa.Major);
  if (!T.isKnown())
    return T;
  if (!sqtt_hardware_ids::has_wave32(T.Gen))
    T.WaveSize = 64;
  else
    T.WaveSize = Features.contains("+wavefrontsize64") ? 64 : 32;
  return T;
}

TargetInfo sqtt::classifyFunction(const Function &F) {
  Attribute CPU = F.getFnAttribute("target-cpu");
  if (!CPU.isValid())
    return TargetInfo();
  Attribute Features = F.getFnAttribute("target-features");
  return classifyProcessor(CPU.getValueAsString(),
                           Features.isValid() ? Features.getValueAsString()
                                              : StringRef());
}

SmallVector<TargetFunction, 16> sqtt::targetFunctions(Module &M) {
  SmallVector<TargetFunction, 16> Result;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    TargetInfo T = classifyFunction(F);
    if (T.isKnown())
      Result.push_back({&F, T});
  }
  return Result;
}

bool sqtt::isKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

bool TargetInfo::hasShaderCyclesU64() const {
  // gfx1200 and gfx1201 lack the instruction; every later gfx12 part has it.
  return isGfx12() && (Minor > 0 || Stepping > 1);
}

bool TargetInfo::needsSaluWaitInAsm() const {
  return isGfx12() && Minor == 0 && Stepping <= 1;
}

bool TargetInfo::canBranchOnVccInAsm() const {
  return !isGfx9() && !needsSaluWaitInAsm();
}
