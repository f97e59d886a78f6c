//===- TargetTest.cpp - AMDGPU generation classification ------------------===//

#include "SQTTTarget.h"

#include "llvm/TargetParser/TargetParser.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace sqtt;

namespace {

TEST(Target, GenerationsByIsaVersion) {
  EXPECT_EQ(classifyProcessor("gfx90a").Gen, Generation::gfx9);
  EXPECT_EQ(classifyProcessor("gfx942").Gen, Generation::gfx9);
  EXPECT_EQ(classifyProcessor("gfx950").Gen, Generation::gfx9);
  EXPECT_EQ(classifyProcessor("gfx1030").Gen, Generation::gfx10);
  EXPECT_EQ(classifyProcessor("gfx1100").Gen, Generation::gfx11);
  EXPECT_EQ(classifyProcessor("gfx1200").Gen, Generation::gfx12);
  EXPECT_EQ(classifyProcessor("gfx1201").Gen, Generation::gfx12);
  EXPECT_EQ(classifyProcessor("gfx1250").Gen, Generation::gfx12);
}

TEST(Target, LegacyAndUnknownNamesAreNotMisclassified) {
  // fiji is gfx803: a name-prefix test once took it for gfx10+.
  EXPECT_EQ(classifyProcessor("fiji").Gen, Generation::unknown);
  EXPECT_EQ(classifyProcessor("tahiti").Gen, Generation::unknown);
  EXPECT_EQ(classifyProcessor("gfx803").Gen, Generation::unknown);
  EXPECT_EQ(classifyProcessor("notgfx").Gen, Generation::unknown);
  EXPECT_EQ(classifyProcessor("").Gen, Generation::unknown);
}

TEST(Target, TargetIdSuffixesAreIgnored) {
  EXPECT_EQ(classifyProcessor("gfx90a:xnack+").Gen, Generation::gfx9);
  EXPECT_TRUE(classifyProcessor("gfx1250:xnack+").hasShaderCyclesU64());
}

TEST(Target, ImmediateTraceOnlyFromGfx10) {
  EXPECT_FALSE(classifyProcessor("gfx942").hasImmTrace());
  EXPECT_TRUE(classifyProcessor("gfx1030").hasImmTrace());
  EXPECT_TRUE(classifyProcessor("gfx1201").hasImmTrace());
  EXPECT_FALSE(classifyProcessor("fiji").hasImmTrace());
}

TEST(Target, WaveSize) {
  EXPECT_EQ(classifyProcessor("gfx942").WaveSize, 64u);
  EXPECT_EQ(classifyProcessor("gfx1100").WaveSize, 32u);
  EXPECT_EQ(classifyProcessor("gfx1100", "+wavefrontsize64").WaveSize, 64u);
  EXPECT_EQ(classifyProcessor("gfx1201", "-wavefrontsize64,+wavefrontsize32").WaveSize, 32u);
}

TEST(Target, ShaderCyclesInstruction) {
  EXPECT_FALSE(classifyProcessor("gfx1200").hasShaderCyclesU64());
  EXPECT_FALSE(classifyProcessor("gfx1201").hasShaderCyclesU64());
  EXPECT_TRUE(classifyProcessor("gfx1250").hasShaderCyclesU64());
  EXPECT_FALSE(classifyProcessor("gfx942").hasShaderCyclesU64());
}

TEST(Target, HwIdImmediates) {
  TargetInfo Gfx9 = classifyProcessor("gfx942");
  EXPECT_EQ(Gfx9.field(ScopeDimension::wave).getreg_imm(), 6148);
  EXPECT_EQ(Gfx9.field(ScopeDimension::simd).getreg_imm(), 2308);
  EXPECT_EQ(Gfx9.field(ScopeDimension::cu).getreg_imm(), 6660);
  EXPECT_EQ(Gfx9.field(ScopeDimension::wg).getreg_imm(), 7172);

  for (const char *CPU : {"gfx1030", "gfx1100", "gfx1201", "gfx11-generic"}) {
    TargetInfo T = classifyProcessor(CPU);
    EXPECT_EQ(T.field(ScopeDimension::wave).getreg_imm(), 8215) << CPU;
    EXPECT_EQ(T.field(ScopeDimension::simd).getreg_imm(), 2583) << CPU;
    EXPECT_EQ(T.field(ScopeDimension::cu).getreg_imm(), 6807) << CPU;
    EXPECT_EQ(T.field(ScopeDimension::wg).getreg_imm(), 9240) << CPU;
  }
  EXPECT_EQ((HwIdField{sqtt_hardware_ids::shader_cycles, 4, 12}.getreg_imm()), 22813);
}

// The pass asks LLVM for a processor's generation; the trace tools read it
// from the name in the code object (hardware_ids.hpp). Every processor this
// LLVM knows, the generic targets included, must read the same both ways.
TEST(Target, EveryProcessorReadsAsTheToolsReadIt) {
  SmallVector<StringRef, 128> Names;
  AMDGPU::fillValidArchListAMDGCN(Names);
  ASSERT_GT(Names.size(), 20u);
  unsigned Generic = 0;
  for (StringRef Name : Names) {
    Generic += Name.ends_with("-generic");
    EXPECT_EQ(classifyProcessor(Name).Gen, sqtt_hardware_ids::generation_of_target(Name.str()))
        << Name.str();
  }
  EXPECT_GE(Generic, 4u) << "the generic targets are in the list";
}

} // namespace
