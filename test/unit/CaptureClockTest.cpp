// CaptureClockTest.cpp - realtime.json: SE offsets and the shader clock rate
// (D26), on the numbers of a real gfx950 capture (FORMATS §12).
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeReader.h"
#include "sqtt/writers/Timeline.h"

#include "gtest/gtest.h"

#include <cmath>
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

namespace {

/// realtime.json text of \p N samples per SE at \p Ghz cycles per ns on a
/// realtime counter of \p Hz, each sample's cycles off by up to \p Jitter
/// (a fixed pseudo-random sequence), \p Ticks realtime ticks apart.
std::string samples(double Ghz, double Hz, int N, double Jitter, long Ticks, const char *Metadata) {
  std::string Text = "{\"SE0\":[";
  uint32_t Seed = 12345;
  for (int I = 0; I < N; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    double Off = (double((Seed >> 8) % 2001) / 1000.0 - 1.0) * Jitter;
    long Real = 5000000000L + long(I) * Ticks;
    long Cycles = long(double(I) * double(Ticks) / Hz * Ghz * 1e9 + 1000 + Off);
    Text += (I ? ",[" : "[") + std::to_string(Cycles) + "," + std::to_string(Real) + "]";
  }
  return Text + "]" + Metadata + "}";
}

} // namespace

// D35: the fit averages the samples' jitter (least squares over all of
// them, not the first and last), reports its residual and the rate's
// uncertainty, and says where the realtime rate came from.
TEST(CaptureClock, TheFitAveragesJitterAndSaysWhatItRestsOn) {
  // 40 samples 4 us apart, each off by up to 300 cycles, at 2.1 GHz.
  CaptureClock C = parseCaptureClock(samples(2.1, 100e6, 40, 300, 400, ",\"metadata\":{\"frequency\":100000000}"),
                                     "rt.json");
  EXPECT_NEAR(C.GHz, 2.1, 0.021); // within 1 %
  EXPECT_EQ(C.Samples, 40u);
  EXPECT_GT(C.ResidualCycles, 50.0);
  EXPECT_LT(C.ResidualCycles, 300.0);
  EXPECT_LT(C.Uncertainty, 0.01);
  EXPECT_TRUE(C.Warnings.empty());
  EXPECT_EQ(C.RealtimeHzSource, "realtime.json's metadata");
  EXPECT_NE(C.describeFit().find("realtime at 100 MHz (realtime.json's metadata); 40 samples, residual"),
            std::string::npos)
      << C.describeFit();
  // Jitter this large on the first and last sample alone would move the
  // rate by up to 600 cycles over 15.6 us of 2.1 GHz: the fit does better.
  EXPECT_LT(std::abs(C.GHz - 2.1), 600.0 / (39 * 400 / 100e6 * 1e9));
}

TEST(CaptureClock, TheRealtimeRateComesFromTheCapture) {
  // The reference clocks rocprofv3 writes: 100 MHz (discrete parts), 99.81 MHz
  // (gfx11 APUs), 25 MHz (documented for older gfx9).
  for (double Hz : {100e6, 99.81e6, 25e6}) {
    std::string Meta = ",\"metadata\":{\"frequency\":" + std::to_string(long(Hz)) + "}";
    CaptureClock C = parseCaptureClock(samples(1.8, Hz, 20, 0, 1000, Meta.c_str()), "rt.json");
    EXPECT_NEAR(C.GHz, 1.8, 0.018) << Hz;
    EXPECT_DOUBLE_EQ(C.RealtimeHz, Hz);
    EXPECT_TRUE(C.Warnings.empty()) << Hz;
  }
  CaptureClock None = parseCaptureClock(samples(1.8, 100e6, 20, 0, 1000, ""), "rt.json");
  EXPECT_EQ(None.RealtimeHzSource, "realtime.json gives no rate: the viewers' default");
}

TEST(CaptureClock, DoubtfulRatesAreWarnedOf) {
  // Above any AMD GPU's clock (what first and last samples gave on gfx1200).
  CaptureClock Fast = parseCaptureClock(samples(3.97, 100e6, 20, 0, 1000, ""), "rt.json");
  ASSERT_FALSE(Fast.Warnings.empty());
  EXPECT_NE(Fast.Warnings.front().find("3.97 GHz is outside any AMD GPU's"), std::string::npos);
  // Two samples 8 ticks (80 ns) apart: the rate is known to about 12 %.
  CaptureClock Close = parseCaptureClock(samples(2.0, 100e6, 2, 0, 8, ""), "rt.json");
  ASSERT_EQ(Close.Warnings.size(), 1u);
  EXPECT_NE(Close.Warnings.front().find("the samples span 8 realtime ticks: the rate is known to only +-13 %"),
            std::string::npos)
      << Close.Warnings.front();
}

namespace {

/// Samples of one SE whose shader clock runs at \p Rates[k] GHz for
/// \p PerRate samples each, 4 us apart (400 ticks of 100 MHz), every
/// sample's cycles off by up to \p Jitter (a fixed pseudo-random sequence).
ClockSamples steppedClock(const std::vector<double> &Rates, int PerRate, double Jitter) {
  ClockSamples S;
  uint32_t Seed = 777;
  double Cycles = 5000, Real = 9e12;
  for (double Ghz : Rates)
    for (int I = 0; I < PerRate; ++I) {
      Seed = Seed * 1103515245u + 12345u;
      double Off = (double((Seed >> 8) % 2001) / 1000.0 - 1.0) * Jitter;
      S.emplace_back(std::round(Cycles + Off), Real);
      Cycles += 400 / 100e6 * Ghz * 1e9, Real += 400;
    }
  return S;
}

} // namespace

// D35: a power-capped part changes its clock during a dispatch; the map
// from cycles to time follows it, piecewise over runs of samples of one
// rate, and times on each side come out right.
TEST(CaptureClock, TheMapFollowsAClockChange) {
  std::map<uint32_t, ClockSamples> SEs = {{0, steppedClock({2.1, 1.5}, 100, 200)}};
  CaptureClock C = fitCaptureClock(SEs, 100e6, "test", "rt.json");
  ASSERT_EQ(C.Segments.size(), 2u) << C.describeFit();
  EXPECT_NEAR(C.Segments[0].GHz, 2.1, 0.021);
  EXPECT_NEAR(C.Segments[1].GHz, 1.5, 0.015);
  // Each rate says what it rests on: 100 samples over 40000 ticks, 200
  // cycles of jitter: a few parts in ten thousand, and the rate found is
  // within it of the truth (three times, as a bound).
  for (const auto &[Seg, Truth] : {std::pair{C.Segments[0], 2.1}, {C.Segments[1], 1.5}}) {
    EXPECT_GT(Seg.Uncertainty, 0);
    EXPECT_LT(Seg.Uncertainty, 0.001);
    EXPECT_LE(std::abs(Seg.GHz - Truth) / Truth, 3 * Seg.Uncertainty) << Seg.GHz;
  }
  EXPECT_NE(C.describeFit().find(" GHz +-"), std::string::npos) << C.describeFit();
  EXPECT_NEAR(double(C.Segments[1].Samples), 100, 2);
  EXPECT_LT(C.ResidualCycles, 200.0); // the jitter, not the change
  EXPECT_NE(C.describeFit().find("the clock changed during the capture: 2.1"), std::string::npos) << C.describeFit();
  // 150 samples in: 100 at 2.1 GHz then 50 at 1.5 GHz, 600 us after the
  // first sample; a single line would place it about 29 us away.
  double Cycle150 = 5000 + 100 * 8400.0 + 50 * 6000.0;
  double Truth = 150 * 4000.0;
  EXPECT_NEAR(C.nsSinceZero(Cycle150) - C.nsSinceZero(5000), Truth, 0.01 * 4000);
  TimelineClock T;
  T.GHz = C.GHz, T.Source = C.Source, T.Capture = &C;
  EXPECT_TRUE(T.followsSegments());
  EXPECT_NEAR(double(T.ns(int64_t(Cycle150)) - T.ns(5000)), Truth, 40);
  EXPECT_NE(T.note().find("following the shader clock's 2 rates"), std::string::npos) << T.note();
  // A rate given by hand is used as given.
  T.GHz = 2.0, T.Source = "--clock-rate-ghz";
  EXPECT_FALSE(T.followsSegments());
}

// One line where one line fits: thousands of jittered samples of one rate
// stay one segment, and three rates give three.
TEST(CaptureClock, JitterIsNotAClockChange) {
  for (double Jitter : {0.0, 50.0, 400.0}) {
    CaptureClock C = fitCaptureClock({{0, steppedClock({1.9}, 4000, Jitter)}}, 100e6, "test", "rt.json");
    EXPECT_EQ(C.Segments.size(), 1u) << Jitter << ": " << C.describeFit();
    EXPECT_NEAR(C.GHz, 1.9, 0.019);
  }
  CaptureClock Three = fitCaptureClock({{0, steppedClock({2.4, 1.8, 2.2}, 60, 100)}}, 100e6, "test", "rt.json");
  ASSERT_EQ(Three.Segments.size(), 3u) << Three.describeFit();
  EXPECT_NEAR(Three.Segments[2].GHz, 2.2, 0.022);
  // A second SE on the same stepped clock, 300 cycles behind: its offset is
  // found through its own segments.
  CaptureClock Two = fitCaptureClock({{0, steppedClock({2.1, 1.5}, 100, 0)}, {1, steppedClock({2.1, 1.5}, 100, 0)}},
                                     100e6, "test", "rt.json");
  EXPECT_EQ(Two.Offset.at(1), 0);
  auto Behind = steppedClock({2.1, 1.5}, 100, 0);
  for (auto &[G, R] : Behind)
    G -= 300;
  CaptureClock Shifted = fitCaptureClock({{0, steppedClock({2.1, 1.5}, 100, 0)}, {1, Behind}}, 100e6, "test", "rt.json");
  EXPECT_EQ(Shifted.Offset.at(1), 300);
  EXPECT_TRUE(Shifted.Warnings.empty()) << Shifted.Warnings.front();
}

// Samples that scatter far about their line (the real gfx1100 captures: 13500
// cycles RMS) leave cross-engine times and ns uncertain by as much: a
// warning says so, which a realtime tick's jitter does not earn.
TEST(CaptureClock, ScatteredSamplesAreWarnedOf) {
  CaptureClock Quiet = fitCaptureClock({{0, steppedClock({2.0}, 400, 400)}}, 100e6, "test", "rt.json");
  EXPECT_TRUE(Quiet.Warnings.empty()) << Quiet.Warnings.front();
  CaptureClock Scattered = fitCaptureClock({{0, steppedClock({2.0}, 400, 4000)}}, 100e6, "test", "rt.json");
  ASSERT_EQ(Scattered.Warnings.size(), 1u) << Scattered.describeFit();
  EXPECT_NE(Scattered.Warnings.front().find("cycles (RMS) off the fitted clock: times across shader engines, and in "
                                            "ns, are known to about that"),
            std::string::npos)
      << Scattered.Warnings.front();
  EXPECT_GT(Scattered.ResidualCycles, MaxQuietResidualCycles);
}
