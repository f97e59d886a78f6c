//===- SQTTTarget.cpp - AMDGPU generation facts used by the pass ----------===//
//
// The HW_ID layouts are the ones the scope filter has always used, so masks
// written for the reference plugin select the same waves: gfx9 packs wave,
// SIMD, CU and thread-group slot into HW_ID; gfx10+ splits them over HW_ID1
// (wave, SIMD, WGP) and HW_ID2 (workgroup slot).
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
  if (Isa.Major == 9)
    T.Gen = GfxGen::GFX9;
  else if (Isa.Major == 10 || Isa.Major == 11)
    T.Gen = GfxGen::RDNA;
  else if (Isa.Major == 12)
    T.Gen = GfxGen::GFX12;
  else
    return T;
  if (T.Gen == GfxGen::GFX9)
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
  return Gen == GfxGen::GFX12 && (Minor > 0 || Stepping > 1);
}

bool TargetInfo::needsSaluWaitInAsm() const {
  return Gen == GfxGen::GFX12 && Minor == 0 && Stepping <= 1;
}

bool TargetInfo::canBranchOnVccInAsm() const {
  return Gen != GfxGen::GFX9 && !needsSaluWaitInAsm();
}

HwIdField TargetInfo::waveField() const {
  if (Gen == GfxGen::GFX9)
    return {hwregImm(hwreg::HW_ID, 0, 4)};
  return {hwregImm(hwreg::HW_ID1, 0, 5)};
}

HwIdField TargetInfo::simdField() const {
  if (Gen == GfxGen::GFX9)
    return {hwregImm(hwreg::HW_ID, 4, 2)};
  return {hwregImm(hwreg::HW_ID1, 8, 2)};
}

HwIdField TargetInfo::cuField() const {
  if (Gen == GfxGen::GFX9)
    return {hwregImm(hwreg::HW_ID, 8, 4)};
  return {hwregImm(hwreg::HW_ID1, 10, 4)};
}

HwIdField TargetInfo::workgroupField() const {
  if (Gen == GfxGen::GFX9)
    return {hwregImm(hwreg::HW_ID, 16, 4)};
  return {hwregImm(hwreg::HW_ID2, 16, 5)};
}
