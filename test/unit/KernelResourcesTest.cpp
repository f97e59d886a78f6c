// KernelResourcesTest.cpp - the register files: waves per SIMD at the
// backend's steps (the values llc's "Occupancy" remark gives for a kernel
// of N VGPRs, measured on LLVM 22 for every target), and the ones the rules
// refuse.
#include "sqtt/isa/KernelResources.h"

#include <gtest/gtest.h>

using namespace sqtt::isa;

namespace {

unsigned waves(const char *Target, unsigned WaveSize, unsigned Vgprs, unsigned Sgprs = 16) {
  std::optional<RegisterFile> File = registerFile(Target, WaveSize);
  EXPECT_TRUE(File) << Target;
  KernelResources K;
  K.Vgprs = Vgprs;
  K.Sgprs = Sgprs;
  K.WaveSize = WaveSize;
  return File ? wavesPerSimd(*File, K) : 0;
}

TEST(KernelResources, CdnaUnifiedFileOfFiveHundredTwelve) {
  for (const char *T : {"gfx90a", "gfx942:sramecc+:xnack-", "gfx9-4-generic"}) {
    EXPECT_EQ(waves(T, 64, 64), 8u) << T;
    EXPECT_EQ(waves(T, 64, 72), 7u) << T;
    EXPECT_EQ(waves(T, 64, 96), 5u) << T;
    EXPECT_EQ(waves(T, 64, 168), 3u) << T;
    EXPECT_EQ(waves(T, 64, 256), 2u) << T;
  }
}

TEST(KernelResources, OlderGfx9AndItsSgprSteps) {
  EXPECT_EQ(waves("gfx908", 64, 64), 4u);
  EXPECT_EQ(waves("gfx908", 64, 72), 3u);
  EXPECT_EQ(waves("gfx9-generic", 64, 24, 16), 10u);
  EXPECT_EQ(waves("gfx9-generic", 64, 24, 90), 8u);
  EXPECT_EQ(waves("gfx9-generic", 64, 24, 102), 7u);
}

TEST(KernelResources, RdnaFiles) {
  // gfx10.3, gfx11 without the larger file, gfx1250: 1024 per lane at wave32, granule 16.
  for (const char *T : {"gfx1030", "gfx1102", "gfx11-generic", "gfx1250", "gfx10-3-generic"}) {
    EXPECT_EQ(waves(T, 32, 64), 16u) << T;
    EXPECT_EQ(waves(T, 32, 72), 12u) << T;
    EXPECT_EQ(waves(T, 32, 168), 5u) << T;
    EXPECT_EQ(waves(T, 32, 256), 4u) << T;
  }
  // The larger file: 1536 at granule 24.
  for (const char *T : {"gfx1100", "gfx1151", "gfx1200", "gfx1201", "gfx12-generic"}) {
    EXPECT_EQ(waves(T, 32, 96), 16u) << T;
    EXPECT_EQ(waves(T, 32, 128), 10u) << T;
    EXPECT_EQ(waves(T, 32, 200), 7u) << T;
    EXPECT_EQ(waves(T, 32, 256), 5u) << T;
  }
  // gfx10.1: granule 8, up to 20 waves.
  EXPECT_EQ(waves("gfx1010", 32, 72), 14u);
  EXPECT_EQ(waves("gfx10-1-generic", 32, 200), 5u);
  // Wave64 halves the file and the granule.
  EXPECT_EQ(waves("gfx1100", 64, 64), 10u);
  EXPECT_EQ(waves("gfx1100", 64, 168), 4u);
  EXPECT_EQ(waves("gfx1030", 64, 72), 7u);
}

TEST(KernelResources, UnknownTargetsAreNotGuessed) {
  EXPECT_FALSE(registerFile("gfx803", 64)); // before gfx9: not supported
  EXPECT_FALSE(registerFile("sm_90", 32));
  EXPECT_FALSE(registerFile("", 64));
}

} // namespace
