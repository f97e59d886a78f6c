// The budget's arithmetic over a loop nest: what a wave writes with every
// loop at T trips, and what a launch of such waves puts in each SE's slice.
#include "sqtt/isa/RecordBudget.h"

#include <gtest/gtest.h>

using namespace sqtt::isa;

namespace {

/// A kernel of 2 records outside loops and the given loops.
KernelBudget kernelWith(std::vector<LoopBudget> Loops) {
  KernelBudget B;
  B.Kernel = "k";
  B.MaxRecords = 2;
  for (const LoopBudget &L : Loops)
    if (L.Parent == SIZE_MAX)
      B.MaxRecords += L.RecordsPerIteration;
  B.Loops = std::move(Loops);
  return B;
}

LoopBudget loop(uint64_t PerIteration, uint64_t Own, size_t Parent, unsigned Depth) {
  LoopBudget L;
  L.RecordsPerIteration = PerIteration;
  L.OwnRecords = Own;
  L.Parent = Parent;
  L.Depth = Depth;
  return L;
}

} // namespace

TEST(RecordBudget, NoLoopIsTheSameAtAnyTrips) {
  KernelBudget B = kernelWith({});
  EXPECT_EQ(B.recordsAt(1), 2u);
  EXPECT_EQ(B.recordsAt(50), 2u);
}

TEST(RecordBudget, SequentialLoopsEachRunTheirTrips) {
  // Two loops one after the other: 3 and 1 records a pass.
  KernelBudget B = kernelWith({loop(3, 3, SIZE_MAX, 0), loop(1, 1, SIZE_MAX, 0)});
  EXPECT_EQ(B.recordsAt(1), 6u);
  EXPECT_EQ(B.recordsAt(4), 2u + 4 * 3 + 4 * 1);
}

TEST(RecordBudget, InnerLoopsRunTheirTripsForEveryOuterPass) {
  // Outer: 2 own records and an inner loop of 1; the inner one holds a third
  // level of 1: records at T are 2 + T * (2 + T * (1 + T * 1)).
  KernelBudget B = kernelWith({loop(4, 2, SIZE_MAX, 0), loop(2, 1, 0, 1), loop(1, 1, 1, 2)});
  EXPECT_EQ(B.recordsAt(1), B.MaxRecords);
  for (uint64_t T : {1u, 2u, 3u, 7u})
    EXPECT_EQ(B.recordsAt(unsigned(T)), 2 + T * (2 + T * (1 + T))) << "trips " << T;
}

TEST(RecordBudget, SaturatesInsteadOfWrapping) {
  KernelBudget B = kernelWith({loop(3, 1, SIZE_MAX, 0), loop(2, 1, 0, 1), loop(1, 1, 1, 2)});
  B.Loops[2].OwnRecords = UINT64_MAX / 2;
  EXPECT_EQ(B.recordsAt(100000), UINT64_MAX);
  LaunchShape Launch;
  Launch.GridItems = 1 << 20;
  Launch.Trips = 100000;
  LaunchBudget L = launchBudget(B, Launch, 48);
  EXPECT_EQ(L.RecordsPerWave, UINT64_MAX);
  EXPECT_EQ(L.BytesPerEngine, UINT64_MAX);
  EXPECT_TRUE(L.overflows());
}

TEST(RecordBudget, LaunchSharesTheBufferAmongTracedEngines) {
  KernelBudget B = kernelWith({loop(2, 1, SIZE_MAX, 0), loop(1, 1, 0, 1)});
  LaunchShape Launch;
  Launch.GridItems = 4096; // 64 waves of 64 over 4 SEs: 16 a SE
  Launch.BlockItems = 256;
  Launch.Trips = 2;
  Launch.TracedEngines = 2;
  LaunchBudget L = launchBudget(B, Launch, 48);
  EXPECT_EQ(L.Waves, 64u);
  EXPECT_EQ(L.WavesPerEngine, 16u);
  EXPECT_EQ(L.RecordsPerWave, 2u + 2 * (1 + 2 * 1));
  EXPECT_EQ(L.BytesPerWave, L.RecordsPerWave * 6);
  EXPECT_EQ(L.BytesPerEngine, 16 * L.BytesPerWave);
  EXPECT_EQ(L.BufferPerEngine, Launch.BufferBytes / 2);
  EXPECT_FALSE(L.overflows());
}
