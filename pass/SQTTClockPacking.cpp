//===- SQTTClockPacking.cpp - gfx12 shader clock in marker headers --------===//
//
// There is no intrinsic for s_get_shader_cycles_u64; an inline asm with an
// "=s" result reads it. The low word is shifted right by the configured
// shift and the shift left by (32 - Bits) drops everything above the window,
// so both paths store the same source bits [Shift, Shift + Bits).
//
//===----------------------------------------------------------------------===//

#include "SQTTClockPacking.h"
#include "SQTTCompat.h"
#include "SQTTMarkerEmitter.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;
using namespace sqtt;

bool sqtt::carriesShaderClock(const CallInst &Trace) {
  if (!isTraceCall(Trace) || hasMarkerMD(Trace, md::RawPayload))
    return false;
  bool Header = hasMarkerMD(Trace, md::MarkerHeader);
  if (auto *C = dyn_cast<ConstantInt>(Trace.getArgOperand(0)))
    return Header || C->getZExtValue() == ExitMarkerValue;
  return Header;
}

Value *sqtt::packShaderClock(IRBuilderBase &B, Value *Legacy,
                             const TargetInfo &Target, const ClockPacking &P) {
  Module &M = *B.GetInsertBlock()->getModule();
  Value *Window;
  if (Target.hasShaderCyclesU64()) {
    auto *Ty = FunctionType::get(B.getInt64Ty(), false);
    Value *Cycles = B.CreateCall(
        InlineAsm::get(Ty, "s_get_shader_cycles_u64 $0", "=s", /*hasSideEffects=*/true),
        {}, "sqtt.cycles");
    Window = B.CreateLShr(B.CreateTrunc(Cycles, B.getInt32Ty()), P.Shift);
  } else {
    Window = B.CreateCall(compat::getIntrinsic(M, Intrinsic::amdgcn_s_getreg),
                          {B.getInt32(HwIdField{sqtt_hardware_ids::shader_cycles, P.Shift, P.Bits}.getreg_imm())},
                          "sqtt.clock");
  }
  Value *Low = B.CreateAnd(Legacy, B.getInt32(P.keptMask()));
  return B.CreateOr(B.CreateShl(Window, P.layout().clock_position()), Low, "sqtt.packed");
}
