//===- SQTTConfigSection.cpp - The configuration in the code object -------===//

#include "SQTTConfigSection.h"
#include "SQTTConfig.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#ifndef SQTT_VERSION
#define SQTT_VERSION "unknown"
#endif

using namespace llvm;
using namespace sqtt;

std::string sqtt::configSectionText(const Config &Cfg) {
  std::string Text;
  raw_string_ostream OS(Text);
  auto Hex = [](uint32_t V) { return format_hex(V, 2); };
  OS << "plugin=sqtt-instrument/" << SQTT_VERSION << "\n"
     << "llvm=" << LLVM_VERSION_STRING << "\n"
     << "scope_wave=" << Hex(Cfg.ScopeWave) << "\nscope_simd=" << Hex(Cfg.ScopeSimd)
     << "\nscope_cu=" << Hex(Cfg.ScopeCu) << "\nscope_wg=" << Hex(Cfg.ScopeWg) << "\n"
     << "mem_barrier="
     << (Cfg.MemBarrier == MemBarrierMode::None ? "none" : Cfg.MemBarrier == MemBarrierMode::AsmClobber ? "asm"
                                                                                                        : "fence")
     << "\nwait_at_exit=" << (Cfg.WaitAtExit ? 1 : 0) << "\ncontain_scopes=" << (Cfg.ContainScopes ? 1 : 0)
     << "\nfunctions=";
  if (!Cfg.instrumentFunctions())
    OS << "off";
  else
    OS << (Cfg.FunctionCostModel == CostModel::WeightedCost ? "cost:" : "") << Cfg.FunctionThreshold;
  OS << "\nbarriers=" << (Cfg.InstrumentBarriers ? 1 : 0) << "\nmemory=";
  if (Cfg.instrumentMemory())
    OS << Cfg.MemoryChunkSize << ":" << Cfg.MemoryMaxGap;
  else
    OS << "off";
  OS << "\naddresses="
     << (Cfg.TraceMemoryAddrs && Cfg.TraceLDSAddrs ? "memory,lds"
         : Cfg.TraceMemoryAddrs                    ? "memory"
         : Cfg.TraceLDSAddrs                       ? "lds"
                                                   : "off")
     << "\nshader_clock=" << Cfg.ShaderClockBits << ":" << Cfg.ShaderClockShift << "\n";
  return Text;
}

void sqtt::emitConfigSection(Module &M, const Config &Cfg) {
  LLVMContext &Ctx = M.getContext();
  Constant *Init = ConstantDataArray::getString(Ctx, configSectionText(Cfg), /*AddNull=*/true);
  unsigned AS = M.getDataLayout().getDefaultGlobalsAddressSpace();
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true, GlobalValue::InternalLinkage, Init,
                                ".sqtt_config_text", nullptr, GlobalValue::NotThreadLocal, AS);
  GV->setSection(ConfigSection);
  GV->setAlignment(Align(1));
  appendToUsed(M, {GV});
}
