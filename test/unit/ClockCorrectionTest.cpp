//===- ClockCorrectionTest.cpp - gfx12 header normalization and timing ----===//
//
// The worked example and every test-derived fact of the format notes (§4).

#include "sqtt/att/ClockCorrection.h"

#include "gtest/gtest.h"

#include <deque>

using namespace sqtt;

namespace {

constexpr uint32_t Bits = 12, Shift = 4;

/// A packed header: clock field in the top 12 bits, ID and flags below.
uint32_t packed(uint32_t Field, uint32_t ID, uint32_t Flags) {
  return (Field << 20) | (ID << 2) | Flags;
}

struct Fixture {
  CorrectionTables Tables;
  std::deque<Record> Storage;
  std::vector<SlotStream> Streams;

  Fixture() {
    Tables.Layouts[1] = {Bits, Shift};
    Tables.Known[1] = {1, 2, 3};
  }
  SlotStream &stream(uint32_t SE, uint8_t SIMD, std::vector<std::pair<int64_t, uint64_t>> Launches = {{0, 1}}) {
    Streams.push_back({});
    SlotStream &S = Streams.back();
    S.SE = SE;
    S.SIMD = SIMD;
    S.Launches = std::move(Launches);
    return S;
  }
  Record *add(SlotStream &S, int64_t Time, uint32_t Value, uint8_t Flags = 0) {
    Storage.push_back({Time, Value, 0, S.SIMD, 0, Flags});
    S.Records.push_back(&Storage.back());
    return &Storage.back();
  }
  CorrectionStats run() { return correctShaderClock(Streams, Tables); }
};

TEST(ClockCorrection, WorkedExample) {
  Fixture F;
  SlotStream &S = F.stream(0, 0);
  Record *X = F.add(S, 0x2000, packed(0x200, 1, 2));
  Record *Y = F.add(S, 0x2090, packed(0x205, 1, 2));
  F.run();
  EXPECT_EQ(X->Time, 0x2000);
  EXPECT_EQ(Y->Time, 0x205F); // 0x40 - 0 - 15 = 0x31 earlier
  EXPECT_EQ(X->Value, (1u << 2) | 2);
  EXPECT_EQ(Y->Value, (1u << 2) | 2);
}

TEST(ClockCorrection, LateThenEarlyPair) {
  Fixture F;
  SlotStream &S = F.stream(0, 0);
  Record *Early = F.add(S, 0x1010, packed(0x100, 1, 2));
  Record *Late = F.add(S, 0x1080, packed(0x101, 2, 2));
  F.run();
  EXPECT_EQ(Early->Time, 0x1010);
  EXPECT_EQ(Late->Time, 0x102F);
}

TEST(ClockCorrection, DelayedRecordAcrossTheWindowWrap) {
  Fixture F;
  SlotStream &S = F.stream(0, 0);
  Record *Delayed = F.add(S, 0x101D0, packed(0x000, 1, 2));
  Record *Reference = F.add(S, 0x10DFC, packed(0x100, 2, 2));
  F.run();
  EXPECT_EQ(Delayed->Time, 0xFE0B);
  EXPECT_EQ(Reference->Time, 0x10DFC);
}

TEST(ClockCorrection, SimdsAreIndependentDomains) {
  Fixture F;
  for (uint8_t SIMD : {0, 1}) {
    SlotStream &S = F.stream(0, SIMD);
    F.add(S, 0x1010, packed(0x100, 1, 2));
    F.add(S, 0x1080, packed(0x101, 2, 2));
  }
  CorrectionStats Stats = F.run();
  EXPECT_EQ(Stats.Domains, 2u);
  EXPECT_EQ(F.Streams[0].Records[1]->Time, 0x102F);
  EXPECT_EQ(F.Streams[1].Records[1]->Time, 0x102F);
}

TEST(ClockCorrection, PackedBareExitAfterRetirementIsCorrected) {
  Fixture F;
  // The slot launched once; the exit arrives long after (retirement does not
  // end the code object's interval).
  SlotStream &S = F.stream(0, 0);
  F.add(S, 0x1010, packed(0x100, 1, 2));
  Record *Exit = F.add(S, 0x1080, packed(0x101, 0, 1));
  F.run();
  EXPECT_EQ(Exit->Value, 1u);
  EXPECT_EQ(Exit->Time, 0x102F);
}

TEST(ClockCorrection, LaterLaunchWithAnotherLayoutSupersedes) {
  Fixture F;
  F.Tables.Layouts[2] = {8, 4};
  F.Tables.Known[2] = {5};
  SlotStream &S = F.stream(0, 0, {{0, 1}, {0x5000, 2}});
  Record *First = F.add(S, 0x1000, packed(0x100, 1, 2));
  // Under co 2 (8 bits), ID 5 enter with clock field 0xAB in the top 8 bits.
  Record *Second = F.add(S, 0x6000, (0xABu << 24) | (5u << 2) | 2);
  F.run();
  EXPECT_EQ(First->Value, (1u << 2) | 2);
  EXPECT_EQ(Second->Value, (5u << 2) | 2);
}

TEST(ClockCorrection, ConstantClockFieldNormalizesButKeepsTimes) {
  Fixture F;
  SlotStream &S = F.stream(0, 0);
  Record *A = F.add(S, 0x1000, packed(0x100, 1, 2));
  Record *B = F.add(S, 0x1900, packed(0x100, 2, 2));
  CorrectionStats Stats = F.run();
  EXPECT_EQ(A->Time, 0x1000);
  EXPECT_EQ(B->Time, 0x1900);
  EXPECT_EQ(B->Value, (2u << 2) | 2);
  EXPECT_EQ(Stats.Corrected, 0u);
  EXPECT_EQ(Stats.Normalized, 2u);
}

TEST(ClockCorrection, UnknownPackedValuesAreUntouched) {
  Fixture F;
  SlotStream &S = F.stream(0, 0);
  uint32_t Numeric = packed(0x123, 77, 0); // ID 77 is not in the map
  Record *R = F.add(S, 0x1000, Numeric);
  F.run();
  EXPECT_EQ(R->Value, Numeric);
  EXPECT_EQ(R->Time, 0x1000);
}

TEST(ClockCorrection, PayloadRecordsStayBitIdentical) {
  Fixture F;
  F.Tables.Payloads[{1, 3}] = 2;
  SlotStream &S = F.stream(0, 0);
  Record *Header = F.add(S, 0x1000, packed(0x100, 3, 0));
  // Payload words that look like packed headers of known IDs.
  Record *P1 = F.add(S, 0x1001, packed(0x7FF, 1, 2));
  Record *P2 = F.add(S, 0x1002, packed(0x001, 0, 1));
  Record *After = F.add(S, 0x1080, packed(0x105, 1, 2));
  CorrectionStats Stats = F.run();
  EXPECT_EQ(Header->Value, 3u << 2);
  EXPECT_EQ(P1->Value, packed(0x7FF, 1, 2));
  EXPECT_EQ(P2->Value, packed(0x001, 0, 1));
  EXPECT_EQ(P1->Time, 0x1001);
  EXPECT_EQ(Stats.PayloadRecords, 2u);
  // Code objects with payloads are normalized but not re-timed.
  EXPECT_EQ(After->Value, (1u << 2) | 2);
  EXPECT_EQ(After->Time, 0x1080);
}

TEST(ClockCorrection, ImmediatePrivAndUnlaunchedRecordsAreSkipped) {
  Fixture F;
  SlotStream &S = F.stream(0, 0, {{0x1000, 1}});
  Record *Before = F.add(S, 0x0800, packed(0x100, 1, 2));
  Record *Imm = F.add(S, 0x1000, 6, RecordFlagImm);
  Record *Priv = F.add(S, 0x1001, packed(0x100, 1, 2), RecordFlagPriv);
  F.run();
  EXPECT_EQ(Before->Value, packed(0x100, 1, 2));
  EXPECT_EQ(Imm->Value, 6u);
  EXPECT_EQ(Priv->Value, packed(0x100, 1, 2));
}

} // namespace
