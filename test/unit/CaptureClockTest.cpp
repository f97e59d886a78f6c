// CaptureClockTest.cpp - realtime.json: SE offsets and the shader clock rate
// (D26), on the numbers of a real gfx950 capture (FORMATS §12).
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeReader.h"

#include "gtest/gtest.h"

#include <string>

using namespace sqtt;

// One realtime instant read SE0 6320, SE1 5568, SE2 4816, SE3 4108 cycles;
// 199480 cycles in 9076 ticks of 100 MHz is 2.198 GHz.
TEST(CaptureClock, OffsetsAndRateOfARealCapture) {
  std::string Text = R"({"SE0":[[6320,236564598774311],[205800,236564598783387]],)"
                     R"("SE1":[[5568,236564598774311],[205048,236564598783387]],)"
                     R"("SE2":[[4816,236564598774311],[204296,236564598783387]],)"
                     R"("SE3":[[4108,236564598774311],[203588,236564598783387]],)"
                     R"("metadata":{"descriptor":"[gfx_clock, realtime_clock]","frequency":100000000}})";
  CaptureClock C = parseCaptureClock(Text, "realtime.json");
  EXPECT_NEAR(C.GHz, 199480.0 / 9076.0 * 100e6 / 1e9, 1e-9);
  EXPECT_NEAR(C.GHz, 2.198, 0.001);
  ASSERT_EQ(C.Offset.size(), 4u);
  EXPECT_EQ(C.Offset.at(0), 0);
  EXPECT_EQ(C.Offset.at(1), 752);
  EXPECT_EQ(C.Offset.at(2), 1504);
  EXPECT_EQ(C.Offset.at(3), 2212);

  // Samples at different instants: the offset is taken at SE0's first one.
  // SE1 reads 1000 at tick 10 and runs 2 cycles a tick: at tick 0 it read 980.
  CaptureClock D = parseCaptureClock(R"({"SE0":[[500,0],[700,100]],"SE1":[[1000,10],[1200,110]]})", "r.json");
  EXPECT_EQ(D.Offset.at(1), 500 - 980);
  EXPECT_NEAR(D.GHz, 2 * 100e6 / 1e9, 1e-12); // no metadata: 100 MHz
}

TEST(CaptureClock, RefusesWhatCannotBeFitted) {
  auto ErrorOf = [](const std::string &Text) -> std::string {
    try {
      parseCaptureClock(Text, "rt.json");
    } catch (const Error &E) {
      return E.what();
    }
    return "";
  };
  EXPECT_EQ(ErrorOf(R"({"SE0":[[1,2]]})"), "rt.json: SE0 needs two [gfx_clock, realtime_clock] samples");
  EXPECT_EQ(ErrorOf(R"({"SE0":[[5,2],[5,3]]})"), "rt.json: SE0's clocks do not advance between its samples");
  EXPECT_EQ(ErrorOf(R"({"metadata":{}})"), "rt.json: no SE<k> samples");
  EXPECT_NE(ErrorOf(R"({"SE0":[[1,"x"],[2,3]]})").find("is not two integers"), std::string::npos);
  EXPECT_NE(ErrorOf("[1,"), "");
}
