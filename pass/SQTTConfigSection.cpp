//===- SQTTConfigSection.cpp - The configuration in the code object -------===//

#include "SQTTConfigSection.h"
#include "SQTTConfig.h"
#include "SQTTFunctionLimits.h"

#include "rocprof_trace_decoder/cxx/config_section.hpp"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#ifndef SQTT_VERSION
#define SQTT_VERSION "unknown"
#endif

using namespace llvm;
using namespace sqtt;

std::string sqtt::configSectionText(const Config &Cfg, const std::vector<std::string> &Unscoped) {
  namespace key = sqtt_config_section::key;
  namespace value = sqtt_config_section::value;
  std::string Text;
  raw_string_ostream OS(Text);
  auto Line = [&OS](std::string_view Key) -> raw_ostream & {
    return OS << StringRef(Key.data(), Key.size()) << '=';
  };
  auto Str = [](std::string_view V) { return StringRef(V.data(), V.size()); };
  Line(key::plugin) << Str(sqtt_config_section::plugin_name) << SQTT_VERSION << "\n";
  Line(key::llvm) << LLVM_VERSION_STRING << "\n";
  for (sqtt_hardware_ids::dimension D : sqtt_hardware_ids::dimensions)
    Line(sqtt_config_section::scope_key(D)) << sqtt_config_section::format_scope_mask(Cfg.scopeMask(D)) << "\n";
  Line(key::mem_barrier) << Str(Cfg.MemBarrier == MemBarrierMode::None         ? value::barrier_none
                                : Cfg.MemBarrier == MemBarrierMode::AsmClobber ? value::barrier_asm
                                                                               : value::barrier_fence)
                         << "\n";
  Line(key::wait_at_exit) << (Cfg.WaitAtExit ? 1 : 0) << "\n";
  Line(key::contain_scopes) << (Cfg.ContainScopes ? 1 : 0) << "\n";
  Line(key::functions);
  if (!Cfg.instrumentFunctions())
    OS << Str(value::off);
  else
    OS << (Cfg.FunctionCostModel == CostModel::WeightedCost ? Str(value::weighted_cost_prefix) : "")
       << Cfg.FunctionThreshold;
  OS << "\n";
  Line(key::barriers) << (Cfg.InstrumentBarriers ? 1 : 0) << "\n";
  Line(key::memory);
  if (Cfg.instrumentMemory())
    OS << Cfg.MemoryChunkSize << ":" << Cfg.MemoryMaxGap;
  else
    OS << Str(value::off);
  OS << "\n";
  Line(key::addresses) << Str(Cfg.TraceMemoryAddrs && Cfg.TraceLDSAddrs ? value::addresses_both
                              : Cfg.TraceMemoryAddrs                    ? value::addresses_memory
                              : Cfg.TraceLDSAddrs                       ? value::addresses_lds
                                                                        : value::off)
                       << "\n";
  Line(key::shader_clock) << Cfg.ShaderClockBits << ":" << Cfg.ShaderClockShift << "\n";
  for (const std::string &Symbol : Unscoped)
    Line(key::unscoped) << Symbol << "\n";
  return Text;
}

void sqtt::emitConfigSection(Module &M, const Config &Cfg) {
  LLVMContext &Ctx = M.getContext();
  // What a verifier must not hold against the masks: these functions'
  // markers record on every wave, on purpose.
  std::vector<std::string> Unscoped;
  if (Cfg.needsScopeCheck())
    for (const Function &F : M)
      if (!F.isDeclaration() && !unscopedReason(F).empty())
        Unscoped.push_back(F.getName().str());
  Constant *Init = ConstantDataArray::getString(Ctx, configSectionText(Cfg, Unscoped), /*AddNull=*/true);
  unsigned AS = M.getDataLayout().getDefaultGlobalsAddressSpace();
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true, GlobalValue::InternalLinkage, Init,
                                ".sqtt_config_text", nullptr, GlobalValue::NotThreadLocal, AS);
  GV->setSection(sqtt_config_section::section);
  GV->setAlignment(Align(1));
  appendToUsed(M, {GV});
}
