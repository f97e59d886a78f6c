//===- TargetTest.cpp - AMDGPU generation classification ------------------===//

#include "SQTTTarget.h"

#include "gtest/gtest.h"

using namespace sqtt;

namespace {

TEST(Target, GenerationsByIsaVersion) {
  EXPECT_EQ(classifyProcessor("gfx90a").Gen, GfxGen::GFX9);
  EXPECT_EQ(classifyProcessor("gfx942").Gen, GfxGen::GFX9);
  EXPECT_EQ(classifyProcessor("gfx950").Gen, GfxGen::GFX9);
  EXPECT_EQ(classifyProcessor("gfx1030").Gen, GfxGen::RDNA);
  EXPECT_EQ(classifyProcessor("gfx1100").Gen, GfxGen::RDNA);
  EXPECT_EQ(classifyProcessor("gfx1200").Gen, GfxGen::GFX12);
  EXPECT_EQ(classifyProcessor("gfx1201").Gen, GfxGen::GFX12);
  EXPECT_EQ(classifyProcessor("gfx1250").Gen, GfxGen::GFX12);
}

TEST(Target, LegacyAndUnknownNamesAreNotMisclassified) {
  // fiji is gfx803: a name-prefix test once took it for gfx10+.
  EXPECT_EQ(classifyProcessor("fiji").Gen, GfxGen::Unknown);
  EXPECT_EQ(classifyProcessor("tahiti").Gen, GfxGen::Unknown);
  EXPECT_EQ(classifyProcessor("gfx803").Gen, GfxGen::Unknown);
  EXPECT_EQ(classifyProcessor("notgfx").Gen, GfxGen::Unknown);
  EXPECT_EQ(classifyProcessor("").Gen, GfxGen::Unknown);
}

TEST(Target, TargetIdSuffixesAreIgnored) {
  EXPECT_EQ(classifyProcessor("gfx90a:xnack+").Gen, GfxGen::GFX9);
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
  EXPECT_EQ(Gfx9.waveField().GetRegImm, 6148);
  EXPECT_EQ(Gfx9.simdField().GetRegImm, 2308);
  EXPECT_EQ(Gfx9.cuField().GetRegImm, 6660);
  EXPECT_EQ(Gfx9.workgroupField().GetRegImm, 7172);

  for (const char *CPU : {"gfx1030", "gfx1100", "gfx1201"}) {
    TargetInfo T = classifyProcessor(CPU);
    EXPECT_EQ(T.waveField().GetRegImm, 8215) << CPU;
    EXPECT_EQ(T.simdField().GetRegImm, 2583) << CPU;
    EXPECT_EQ(T.cuField().GetRegImm, 6807) << CPU;
    EXPECT_EQ(T.workgroupField().GetRegImm, 9240) << CPU;
  }
  EXPECT_EQ(hwregImm(hwreg::SHADER_CYCLES_LO, 4, 12), 22813);
}

} // namespace
