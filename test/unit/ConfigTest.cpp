//===- ConfigTest.cpp - SQTT_* environment parsing ------------------------===//

#include "SQTTConfig.h"

#include "gtest/gtest.h"

#include <map>
#include <string>

using namespace sqtt;

namespace {

Config parseWith(const std::map<std::string, std::string> &Env) {
  return Config::parse([&](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  });
}

std::string onlyMessage(const Config &Cfg) {
  EXPECT_EQ(Cfg.Diagnostics.size(), 1u);
  return Cfg.Diagnostics.empty() ? "" : Cfg.Diagnostics.front().Message;
}

TEST(Config, DefaultsMatchTheSpecification) {
  Config Cfg = parseWith({});
  EXPECT_FALSE(Cfg.InstrumentBarriers);
  EXPECT_EQ(Cfg.MemBarrier, MemBarrierMode::Fence);
  EXPECT_EQ(Cfg.Scope.wave, 0xFFFFFFFFu);
  EXPECT_EQ(Cfg.Scope.simd, 0xFu);
  EXPECT_EQ(Cfg.Scope.cu, 0x3u);
  EXPECT_EQ(Cfg.Scope.wg, 0xFFFFFFFFu);
  EXPECT_EQ(Cfg.ShaderClockBits, 0u);
  EXPECT_EQ(Cfg.ShaderClockShift, 4u);
  EXPECT_FALSE(Cfg.instrumentFunctions());
  EXPECT_FALSE(Cfg.instrumentMemory());
  EXPECT_FALSE(Cfg.hasAddressTracing());
  // The default CU mask 0x3 turns scope filtering on.
  EXPECT_TRUE(Cfg.needsScopeCheck());
  EXPECT_TRUE(Cfg.Diagnostics.empty());
}

TEST(Config, EmptyValuesMeanDefault) {
  Config Cfg = parseWith({{"SQTT_SCOPE_CU", ""}, {"SQTT_MEM_BARRIER", ""}});
  EXPECT_EQ(Cfg.Scope.cu, 0x3u);
  EXPECT_EQ(Cfg.MemBarrier, MemBarrierMode::Fence);
  EXPECT_TRUE(Cfg.Diagnostics.empty());
}

TEST(Config, ReferenceExamples) {
  Config Cfg = parseWith({{"SQTT_INSTRUMENT_BARRIERS", "YES"},
                          {"SQTT_MEM_BARRIER", "clobber"},
                          {"SQTT_INSTRUMENT_FUNCTIONS", "cost:42"},
                          {"SQTT_INSTRUMENT_MEMORY", "4:7"},
                          {"SQTT_SHADER_CLOCK_SHIFT", "8"},
                          {"SQTT_SCOPE_SIMD", "0x5"},
                          {"SQTT_SCOPE_CU", "-1"}});
  EXPECT_TRUE(Cfg.InstrumentBarriers);
  EXPECT_EQ(Cfg.MemBarrier, MemBarrierMode::AsmClobber);
  EXPECT_EQ(Cfg.FunctionCostModel, CostModel::WeightedCost);
  EXPECT_EQ(Cfg.FunctionThreshold, 42u);
  EXPECT_EQ(Cfg.MemoryChunkSize, 4u);
  EXPECT_EQ(Cfg.MemoryMaxGap, 7u);
  EXPECT_EQ(Cfg.ShaderClockShift, 8u);
  EXPECT_EQ(Cfg.Scope.simd, 0x5u);
  EXPECT_EQ(Cfg.Scope.cu, 0xFFFFFFFFu);
  EXPECT_TRUE(Cfg.Diagnostics.empty());
}

TEST(Config, MemBarrierSynonyms) {
  const std::pair<const char *, MemBarrierMode> Cases[] = {
      {"0", MemBarrierMode::None},       {"none", MemBarrierMode::None},
      {"OFF", MemBarrierMode::None},     {"1", MemBarrierMode::AsmClobber},
      {"asm", MemBarrierMode::AsmClobber}, {"compiler", MemBarrierMode::AsmClobber},
      {"2", MemBarrierMode::Fence},      {"hw", MemBarrierMode::Fence},
      {"On", MemBarrierMode::Fence}};
  for (auto [Value, Mode] : Cases)
    EXPECT_EQ(parseWith({{"SQTT_MEM_BARRIER", Value}}).MemBarrier, Mode) << Value;
}

TEST(Config, InvalidMemBarrierWarnsAndUsesFence) {
  Config Cfg = parseWith({{"SQTT_MEM_BARRIER", "bad-mode"}});
  EXPECT_EQ(Cfg.MemBarrier, MemBarrierMode::Fence);
  EXPECT_EQ(onlyMessage(Cfg), "invalid value 'bad-mode' for SQTT_MEM_BARRIER "
                              "(expected none|asm|fence|0|1|2); using 'fence'");
  EXPECT_FALSE(Cfg.hasErrors());
}

TEST(Config, InvalidMaskWarnsAndKeepsDefault) {
  Config Cfg = parseWith({{"SQTT_SCOPE_WAVE", "not-a-mask"}});
  EXPECT_EQ(Cfg.Scope.wave, 0xFFFFFFFFu);
  EXPECT_NE(onlyMessage(Cfg).find("SQTT_SCOPE_WAVE"), std::string::npos);
  EXPECT_NE(onlyMessage(Cfg).find("using 0xFFFFFFFF"), std::string::npos);

  Config Trailing = parseWith({{"SQTT_SCOPE_CU", "0x3zz"}});
  EXPECT_EQ(Trailing.Scope.cu, 0x3u);
  EXPECT_NE(onlyMessage(Trailing).find("'0x3zz'"), std::string::npos);

  Config TooWide = parseWith({{"SQTT_SCOPE_WG", "0x1FFFFFFFF"}});
  EXPECT_EQ(TooWide.Scope.wg, 0xFFFFFFFFu);
  EXPECT_EQ(TooWide.Diagnostics.size(), 1u);
}

TEST(Config, MaskRadixes) {
  EXPECT_EQ(parseWith({{"SQTT_SCOPE_CU", "12"}}).Scope.cu, 12u);
  EXPECT_EQ(parseWith({{"SQTT_SCOPE_CU", "0x1f"}}).Scope.cu, 0x1Fu);
  EXPECT_EQ(parseWith({{"SQTT_SCOPE_CU", "017"}}).Scope.cu, 017u);
  EXPECT_EQ(parseWith({{"SQTT_SCOPE_CU", "0xFFFFFFFF"}}).Scope.cu, 0xFFFFFFFFu);
}

TEST(Config, ScopeCheckNeedsANarrowMask) {
  EXPECT_FALSE(parseWith({{"SQTT_SCOPE_CU", "-1"}}).needsScopeCheck());
  // Only the low 16 bits of the CU mask matter.
  EXPECT_FALSE(parseWith({{"SQTT_SCOPE_CU", "0xFFFF"}}).needsScopeCheck());
  EXPECT_TRUE(parseWith({{"SQTT_SCOPE_CU", "-1"}, {"SQTT_SCOPE_SIMD", "0x1"}})
                  .needsScopeCheck());
  EXPECT_TRUE(parseWith({{"SQTT_SCOPE_CU", "-1"}, {"SQTT_SCOPE_WAVE", "0x7"}})
                  .needsScopeCheck());
  EXPECT_TRUE(parseWith({{"SQTT_SCOPE_CU", "-1"}, {"SQTT_SCOPE_WG", "1"}})
                  .needsScopeCheck());
}

TEST(Config, BooleanValues) {
  for (const char *True : {"1", "y", "Yes", "TRUE", "on"})
    EXPECT_TRUE(parseWith({{"SQTT_INSTRUMENT_BARRIERS", True}}).InstrumentBarriers);
  for (const char *False : {"0", "n", "no", "false", "Off"}) {
    Config Cfg = parseWith({{"SQTT_INSTRUMENT_BARRIERS", False}});
    EXPECT_FALSE(Cfg.InstrumentBarriers);
    EXPECT_TRUE(Cfg.Diagnostics.empty());
  }
  Config Bad = parseWith({{"SQTT_INSTRUMENT_BARRIERS", "enable"}});
  EXPECT_FALSE(Bad.InstrumentBarriers);
  EXPECT_NE(onlyMessage(Bad).find("SQTT_INSTRUMENT_BARRIERS"), std::string::npos);
}

TEST(Config, FunctionThreshold) {
  Config Count = parseWith({{"SQTT_INSTRUMENT_FUNCTIONS", "10"}});
  EXPECT_EQ(Count.FunctionThreshold, 10u);
  EXPECT_EQ(Count.FunctionCostModel, CostModel::InstructionCount);

  Config Bad = parseWith({{"SQTT_INSTRUMENT_FUNCTIONS", "cost:lots"}});
  EXPECT_FALSE(Bad.instrumentFunctions());
  EXPECT_EQ(onlyMessage(Bad), "invalid value 'cost:lots' for SQTT_INSTRUMENT_FUNCTIONS "
                              "(expected N or cost:N with a decimal N); using 0 (disabled)");
}

TEST(Config, MemoryFormat) {
  for (const char *Bad : {"4", "0:5", "4:7:9", "a:1", "4:"}) {
    Config Cfg = parseWith({{"SQTT_INSTRUMENT_MEMORY", Bad}});
    EXPECT_FALSE(Cfg.instrumentMemory()) << Bad;
    EXPECT_EQ(Cfg.Diagnostics.size(), 1u) << Bad;
  }
  Config ZeroGap = parseWith({{"SQTT_INSTRUMENT_MEMORY", "1:0"}});
  EXPECT_EQ(ZeroGap.MemoryChunkSize, 1u);
  EXPECT_EQ(ZeroGap.MemoryMaxGap, 0u);
  EXPECT_TRUE(ZeroGap.Diagnostics.empty());
}

TEST(Config, AddressCategories) {
  Config Both = parseWith({{"SQTT_TRACE_ADDRESSES", "memory, lds"}});
  EXPECT_TRUE(Both.TraceMemoryAddrs);
  EXPECT_TRUE(Both.TraceLDSAddrs);
  EXPECT_TRUE(Both.Diagnostics.empty());

  Config Lds = parseWith({{"SQTT_TRACE_ADDRESSES", "lds"}});
  EXPECT_FALSE(Lds.TraceMemoryAddrs);
  EXPECT_TRUE(Lds.TraceLDSAddrs);

  // Unknown and empty pieces warn; valid pieces still apply.
  Config Mixed = parseWith({{"SQTT_TRACE_ADDRESSES", "memory,bogus,"}});
  EXPECT_TRUE(Mixed.TraceMemoryAddrs);
  EXPECT_EQ(Mixed.Diagnostics.size(), 2u);
  EXPECT_FALSE(Mixed.hasErrors());
}

TEST(Config, AddressTracingWithMemoryMarkersIsAnError) {
  Config Cfg = parseWith({{"SQTT_TRACE_ADDRESSES", "memory"},
                          {"SQTT_INSTRUMENT_MEMORY", "4:7"}});
  EXPECT_TRUE(Cfg.hasErrors());
  ASSERT_EQ(Cfg.Diagnostics.size(), 1u);
  EXPECT_NE(Cfg.Diagnostics[0].Message.find("SQTT_TRACE_ADDRESSES and "
                                            "SQTT_INSTRUMENT_MEMORY"),
            std::string::npos);
}

TEST(Config, ShaderClockValues) {
  Config Bad = parseWith({{"SQTT_SHADER_CLOCK_BITS", "not-a-number"}});
  EXPECT_EQ(Bad.ShaderClockBits, 0u);
  EXPECT_EQ(Bad.Diagnostics.size(), 1u);
  EXPECT_FALSE(Bad.shaderClockWindowError());

  EXPECT_FALSE(parseWith({{"SQTT_SHADER_CLOCK_BITS", "12"}}).shaderClockWindowError());
  EXPECT_FALSE(parseWith({{"SQTT_SHADER_CLOCK_BITS", "29"}, {"SQTT_SHADER_CLOCK_SHIFT", "3"}})
                   .shaderClockWindowError());
  EXPECT_TRUE(parseWith({{"SQTT_SHADER_CLOCK_BITS", "30"}}).shaderClockWindowError());
  EXPECT_TRUE(parseWith({{"SQTT_SHADER_CLOCK_BITS", "12"}, {"SQTT_SHADER_CLOCK_SHIFT", "21"}})
                  .shaderClockWindowError());
  EXPECT_TRUE(parseWith({{"SQTT_SHADER_CLOCK_BITS", "1"}, {"SQTT_SHADER_CLOCK_SHIFT", "32"}})
                  .shaderClockWindowError());
}

} // namespace
