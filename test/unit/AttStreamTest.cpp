// Raw .att streams: token layouts per generation from hand-made tokens (the
// bit positions written out here, from docs/FORMATS.md §14, not from the
// reader's tables), the decoder's time and occupancy rules, damaged
// buffers, and round trips through the writer over many random streams.
#include "sqtt/rawatt/AttStream.h"
#include "sqtt/rawatt/AttWriter.h"
#include "sqtt/support/Error.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>

using namespace sqtt;
using namespace sqtt::rawatt;

namespace {

/// A little-endian bit stream of hand-made tokens.
class Bits {
public:
  Bits &put(uint64_t Token, unsigned Count) {
    for (unsigned I = 0; I < Count; ++I) {
      if (Used % 8 == 0)
        Out.push_back(0);
      if (I < 64 && ((Token >> I) & 1))
        Out.back() = char(static_cast<unsigned char>(Out.back()) | (1u << (Used % 8)));
      ++Used;
    }
    return *this;
  }
  std::string Out;
  size_t Used = 0;
};

uint64_t gfx9Header(unsigned TargetCU) { return 0x11 | (5ull << 13) | (uint64_t(TargetCU) << 20); }
uint64_t rdnaHeader(unsigned Version) { return 0b0010001 | (uint64_t(Version) << 7); }

std::tuple<int64_t, uint32_t, int, int, int, int> fields(const Record &R) {
  return {R.Time, R.Value, R.CU, R.SIMD, R.Wave, R.Flags};
}
std::tuple<int64_t, int, int, int, bool> fields(const WaveEvent &W) {
  return {W.Time, W.CU, W.SIMD, W.Slot, W.Start};
}

} // namespace

TEST(AttStream, Gfx9ShaderDataLayout) {
  // type 12, delta bit 4, sh 5, cu 6-9, slot 10-13, simd 14-15, data 16-47.
  const uint64_t Token = 12 | (1 << 4) | (3 << 6) | (9 << 10) | (2ull << 14) | (0xDEADBEEFull << 16);
  Bits B;
  B.put(gfx9Header(3), 64).put(Token, 48);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Gen, Generation::Gfx9);
  ASSERT_EQ(S.Records.size(), 1u);
  EXPECT_EQ(fields(S.Records[0]), std::make_tuple(int64_t(4), 0xDEADBEEFu, 3, 2, 9, 0));
}

TEST(AttStream, Gfx9SlotAboveNineIsSkippedAndCounted) {
  Bits B;
  B.put(gfx9Header(0), 64).put(12 | (10 << 10) | (7ull << 16), 48).put(12 | (4 << 10) | (8ull << 16), 48);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Counts.BadSlots, 1u);
  ASSERT_EQ(S.Records.size(), 1u);
  EXPECT_EQ(S.Records[0].Value, 8u);
}

TEST(AttStream, Gfx9TimeResetAnchorsOnTheNextTimeToken) {
  Bits B;
  B.put(gfx9Header(0), 64);
  B.put(0 | (5 << 4), 16);                     // MISC, delta 5: cycle 20
  B.put(0 | (1 << 13), 16);                    // MISC TIME_RESET
  B.put(12 | (1 << 4) | (1ull << 16), 48);     // record 1, delta 1
  B.put(1 | (1 << 4) | (1000ull << 16), 64);   // TIME 1000: re-anchors, its delta dropped
  B.put(12 | (2ull << 16), 48);                // record 2
  B.put(1 | (1 << 4) | (5000ull << 16), 64);   // an ordinary TIME: only its delta counts
  B.put(12 | (3ull << 16), 48);                // record 3
  B.put(0 | (1 << 13), 16);                    // TIME_RESET
  B.put(1 | (2000ull << 16), 64);              // TIME 2000
  B.put(12 | (4ull << 16), 48);                // record 4
  AttStream S = decodeStream(B.Out, "t.att");
  ASSERT_EQ(S.Records.size(), 4u);
  // base = 1000 - 20 + 4 = 984; clock = (1000 - 984) & ~3 = 16, then +4.
  EXPECT_EQ(S.Records[0].Time, 20);
  EXPECT_EQ(S.Records[1].Time, 20);
  EXPECT_EQ(S.Records[2].Time, 24);
  EXPECT_EQ(S.Records[3].Time, (2000 - 984) & ~3);
}

TEST(AttStream, Gfx9OccupancyRules) {
  // wave tokens: type 3 start / 6 end; count 22-28.
  auto Wave = [](unsigned Type, unsigned CU, unsigned Slot, unsigned Count = 0, unsigned Delta = 1) {
    return uint64_t(Type) | (uint64_t(Delta) << 4) | (uint64_t(CU) << 6) | (uint64_t(Slot) << 10) |
           (uint64_t(Count) << 22);
  };
  Bits B;
  B.put(gfx9Header(1), 64);
  B.put(Wave(3, 2, 0), 32);        // start (cu 2, slot 0) at 4
  B.put(Wave(3, 2, 0), 32);        // again: already running, no row
  B.put(Wave(6, 2, 0), 16);        // end at 12
  B.put(Wave(6, 4, 1), 16);        // end without start: start and end at 0
  B.put(Wave(3, 1, 2, 70), 32);    // target CU, count 70: a context switch, no row
  B.put(Wave(3, 4, 2, 70), 32);    // other CU: a launch
  B.put(2 << 13, 16);              // packets lost
  B.put(Wave(6, 5, 3), 16);        // end without start after a loss: nothing
  AttStream S = decodeStream(B.Out, "t.att");
  ASSERT_EQ(S.Waves.size(), 5u);
  EXPECT_EQ(fields(S.Waves[0]), std::make_tuple(int64_t(4), 2, 0, 0, true));
  EXPECT_EQ(fields(S.Waves[1]), std::make_tuple(int64_t(12), 2, 0, 0, false));
  EXPECT_EQ(fields(S.Waves[2]), std::make_tuple(int64_t(0), 4, 0, 1, true));
  EXPECT_EQ(fields(S.Waves[3]), std::make_tuple(int64_t(0), 4, 0, 1, false));
  EXPECT_EQ(fields(S.Waves[4]), std::make_tuple(int64_t(24), 4, 0, 2, true));
  ASSERT_EQ(S.PacketLoss.size(), 1u);
}

TEST(AttStream, Gfx9KernelStartAndCodeObjectAnnouncement) {
  AttWriter W(Generation::Gfx9, 0);
  W.codeObjectLoad(0, 7, 0x7f0000001000, 0x4000);
  W.kernelStart(0, 0x7f0000001000 + 0x1900);
  W.waveStart(8, 0, 0, 0);
  W.kernelStart(8, 0x5500); // outside every announced code object
  W.waveStart(12, 0, 1, 0);
  AttStream S = decodeStream(W.bytes(), "t.att");
  ASSERT_EQ(S.Waves.size(), 2u);
  EXPECT_EQ(S.Waves[0].CodeObject, 7u);
  EXPECT_EQ(S.Waves[0].Address, 0x1900u);
  EXPECT_EQ(S.Waves[1].CodeObject, 0u);
  EXPECT_EQ(S.Waves[1].Address, 0x5500u);
}

// D35: the realtime counter's rate is the stream's own where it states it
// (AGENT_INFO, RT_FREQUENCY_KHZ); a stream without the packet states none.
TEST(AttStream, TheStreamStatesItsRealtimeRate) {
  for (Generation G : {Generation::Gfx9, Generation::Gfx11, Generation::Gfx12}) {
    for (double Hz : {100e6, 99.81e6, 25e6}) {
      AttWriter W(G, 0);
      W.agentInfo(0, Hz);
      W.realtime(8, 1000);
      W.realtime(4000, 1100);
      AttStream S = decodeStream(W.bytes(), "t.att");
      EXPECT_DOUBLE_EQ(S.RealtimeHz, Hz) << int(G);
      EXPECT_EQ(S.Realtime.size(), 2u);
    }
    AttWriter Plain(G, 0);
    Plain.realtime(8, 1000);
    EXPECT_EQ(decodeStream(Plain.bytes(), "t.att").RealtimeHz, 0.0);
  }
  EXPECT_THROW(AttWriter(Generation::Gfx11, 0).agentInfo(0, 2e9), std::invalid_argument);
}

TEST(AttStream, Gfx11ShaderDataLayoutAndInvalidRecords) {
  // SHADER_DATA: prefix 00110 (5 bits), delta 5-7, sa 8, simd 9-10, wgp
  // 11-13, bit 14, wave 15-19, data 20-51; SHORT: prefix 10110, data 20-27.
  auto Data = [](bool Invalid, uint64_t Value) {
    return 0b00110 | (2 << 5) | (1 << 8) | (3 << 9) | (5 << 11) | (uint64_t(Invalid) << 14) | (17 << 15) |
           (Value << 20);
  };
  Bits B;
  B.put(rdnaHeader(3), 64).put(Data(false, 0x12345678), 52).put(Data(true, 0x81), 52);
  B.put(0b10110 | (1 << 8) | (6 << 15) | (0xABull << 20), 28);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Gen, Generation::Gfx11);
  EXPECT_EQ(S.Counts.InvalidRecords, 1u);
  ASSERT_EQ(S.Records.size(), 2u);
  EXPECT_EQ(fields(S.Records[0]), std::make_tuple(int64_t(2), 0x12345678u, 133, 3, 17, 0));
  EXPECT_EQ(fields(S.Records[1]), std::make_tuple(int64_t(4), 0xABu, 128, 0, 6, int(RecordFlagImm)));
}

TEST(AttStream, Gfx10KeepsRecordsWithBit14) {
  Bits B;
  B.put(rdnaHeader(2), 64).put(0b00110 | (1 << 14) | (0x42ull << 20), 52);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Gen, Generation::Gfx10);
  ASSERT_EQ(S.Records.size(), 1u);
  EXPECT_EQ(S.Records[0].Value, 0x42u);
}

TEST(AttStream, Gfx12ShaderDataLayoutAndPrivilege) {
  // SHADER_DATA: prefix 0000110 (7 bits), delta 7-9, sa 10, simd 11-12,
  // wgp 13-16, wave 17-21, data 22-53, sdt 54-55; SHORT: prefix 1000110,
  // data 22-29, sdt 30-31.
  Bits B;
  B.put(rdnaHeader(4), 64);
  B.put(0b0000110 | (3 << 7) | (1 << 10) | (2 << 11) | (9ull << 13) | (4ull << 17) | (0xCAFEF00Dull << 22) |
            (1ull << 54),
        56);
  B.put(0b1000110 | (1 << 7) | (1ull << 13) | (31ull << 17) | (0x7Full << 22), 32);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Gen, Generation::Gfx12);
  ASSERT_EQ(S.Records.size(), 2u);
  EXPECT_EQ(fields(S.Records[0]), std::make_tuple(int64_t(3), 0xCAFEF00Du, 128 + 9, 2, 4, int(RecordFlagPriv)));
  EXPECT_EQ(fields(S.Records[1]), std::make_tuple(int64_t(4), 0x7Fu, 1, 0, 31, int(RecordFlagImm)));
}

TEST(AttStream, RdnaTimeTokensUnknownTokensAndWaveStartExtension) {
  Bits B;
  B.put(rdnaHeader(4), 64);
  B.put(0b1000 | (3 << 4), 8);  // TIME: delta 3 + 4
  B.put(0x7, 8);                // unknown prefix: 8 bits, no delta
  B.put(0xE | (2 << 4), 8);     // unknown 0xE: 8 bits, delta at 4-5
  B.put(0b11100, 40);           // WAVE_START_EXT (gfx12: 40 bits), cu 0
  B.put(0x0, 4);                // NOP: the extension state survives it
  B.put(0x1 | (0xF << 4), 8);   // an odd nibble after it: 8 bits skipped
  B.put(0b0000110 | (1 << 7) | (5ull << 22), 56);
  AttStream S = decodeStream(B.Out, "t.att");
  EXPECT_EQ(S.Counts.UnknownTokens, 2u);
  ASSERT_EQ(S.Records.size(), 1u);
  EXPECT_EQ(S.Records[0].Time, 7 + 2 + 1);
  EXPECT_EQ(S.Records[0].Value, 5u);
  ASSERT_EQ(S.Waves.size(), 1u);
  EXPECT_EQ(S.Waves[0].Time, 9);
}

TEST(AttStream, RdnaOccupancyRules) {
  for (Generation G : {Generation::Gfx11, Generation::Gfx12}) {
    AttWriter W(G);
    W.waveEnd(5, 1, 0, 3);           // no start: a start at 0 before it
    W.waveStart(10, 1, 1, 2);
    W.waveStart(12, 1, 1, 2, 66);    // count 66: context save, an end row
    W.waveStart(14, 1, 1, 2, 68);    // count 68: restore, a start row
    W.waveStart(16, 1, 1, 2, 80);    // count 80: neither
    W.packetLost(20);
    W.waveStart(30, 1, 1, 2);        // running after a loss: an end at 29 first
    AttStream S = decodeStream(W.bytes(), "t.att");
    ASSERT_EQ(S.Waves.size(), 7u) << generationName(G);
    EXPECT_EQ(fields(S.Waves[0]), std::make_tuple(int64_t(0), 1, 0, 3, true));
    EXPECT_EQ(fields(S.Waves[1]), std::make_tuple(int64_t(5), 1, 0, 3, false));
    EXPECT_EQ(fields(S.Waves[2]), std::make_tuple(int64_t(10), 1, 1, 2, true));
    EXPECT_EQ(fields(S.Waves[3]), std::make_tuple(int64_t(12), 1, 1, 2, false));
    EXPECT_EQ(fields(S.Waves[4]), std::make_tuple(int64_t(14), 1, 1, 2, true));
    EXPECT_EQ(fields(S.Waves[5]), std::make_tuple(int64_t(29), 1, 1, 2, false));
    EXPECT_EQ(fields(S.Waves[6]), std::make_tuple(int64_t(30), 1, 1, 2, true));
    EXPECT_EQ(S.PacketLoss, std::vector<int64_t>{20});
  }
}

TEST(AttStream, RdnaRealtimeSamplesAtOneClockAreAveraged) {
  AttWriter W(Generation::Gfx12);
  W.realtime(100, 5000);
  W.realtime(100, 5010); // same shader clock: averaged with the previous
  W.realtime(300, 6000);
  AttStream S = decodeStream(W.bytes(), "t.att");
  ASSERT_EQ(S.Realtime.size(), 2u);
  EXPECT_EQ(S.Realtime[0].ShaderClock, 100);
  EXPECT_EQ(S.Realtime[0].Realtime, 5005u);
  EXPECT_EQ(S.Realtime[1].Realtime, 6000u);
}

TEST(AttStream, Gfx9RealtimeNeedsTheCaptureLibrarysPackets) {
  AttWriter W(Generation::Gfx9);
  W.realtime(40, 0x123456789ull);
  W.realtime(80, 0x123456800ull);
  AttStream S = decodeStream(W.bytes(), "t.att");
  ASSERT_EQ(S.Realtime.size(), 2u);
  EXPECT_EQ(S.Realtime[0].ShaderClock, 40);
  EXPECT_EQ(S.Realtime[0].Realtime, 0x123456789ull);
  EXPECT_EQ(S.Realtime[1].Realtime, 0x123456800ull);
}

TEST(AttStream, TruncatedTailAndZeroPaddingAreCounted) {
  for (Generation G : {Generation::Gfx9, Generation::Gfx11, Generation::Gfx12}) {
    AttWriter W(G);
    W.shaderData(4, 1, 1, 1, 11);
    W.shaderData(8, 1, 1, 1, 22);
    std::string Full = W.bytes();
    AttStream Cut = decodeStream(Full.substr(0, Full.size() - 2), "t.att");
    EXPECT_EQ(Cut.Records.size(), 1u) << generationName(G);
    EXPECT_GT(Cut.Counts.TruncatedBytes, 0u) << generationName(G);
    AttStream Padded = decodeStream(Full + std::string(4096, '\0'), "t.att");
    EXPECT_EQ(Padded.Records.size(), 2u) << generationName(G);
    EXPECT_GE(Padded.Counts.PaddingBytes, 4096u) << generationName(G);
    EXPECT_LT(Padded.Counts.PaddingBytes, 4096u + 8) << generationName(G);
  }
}

TEST(AttStream, UnknownFormatsAreErrorsThatNameTheFile) {
  EXPECT_THROW(decodeStream("abc", "x.att"), Error);
  EXPECT_THROW(decodeStream(std::string(8, '\xff'), "x.att"), Error);
  Bits MI400;
  MI400.put(rdnaHeader(5), 64);
  try {
    decodeStream(MI400.Out, "x.att");
    FAIL() << "an MI400 stream was read";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("x.att"), std::string::npos);
    EXPECT_NE(std::string(E.what()).find("MI400"), std::string::npos);
  }
}

// Random streams through the writer and back, every generation: records
// (every flag the generation has, boundary values), waves and realtime.
TEST(AttStream, RoundTripsThroughTheWriter) {
  for (Generation G : {Generation::Gfx9, Generation::Gfx10, Generation::Gfx11, Generation::Gfx12}) {
    for (unsigned Seed = 1; Seed <= 40; ++Seed) {
      std::mt19937_64 Rng(Seed);
      AttWriter W(G, 0);
      std::vector<Record> Want;
      std::vector<WaveEvent> WantWaves;
      int64_t Time = 0;
      const unsigned MaxCU = G == Generation::Gfx9 ? 15 : G == Generation::Gfx12 ? 255 : 135;
      const unsigned MaxSlot = G == Generation::Gfx9 ? 9 : 31;
      for (int I = 0; I < 300; ++I) {
        Time += int64_t(Rng() % 3 == 0 ? Rng() % 100000 : Rng() % 12) * 4;
        unsigned CU = unsigned(Rng() % (MaxCU + 1));
        if (G != Generation::Gfx9 && G != Generation::Gfx12)
          CU = (CU & 0x80) | (CU & 7); // gfx10/11: 3 wgp bits
        if (G == Generation::Gfx12)
          CU = (CU & 0x80) | (CU & 15);
        const unsigned SIMD = unsigned(Rng() % 4), Slot = unsigned(Rng() % (MaxSlot + 1));
        if (Rng() % 5 == 0) {
          if (G == Generation::Gfx9 && CU == 0)
            continue; // the target CU's waves follow the context rules
          W.waveStart(Time, CU, SIMD, Slot);
          W.waveEnd(Time + 4, CU, SIMD, Slot);
          WantWaves.push_back({Time, uint8_t(CU), uint8_t(SIMD), uint8_t(Slot), true, 0, 0});
          WantWaves.push_back({Time + 4, uint8_t(CU), uint8_t(SIMD), uint8_t(Slot), false, 0, 0});
          Time += 4;
          continue;
        }
        uint8_t Flags = 0;
        uint32_t Value = uint32_t(Rng());
        if (I < 4)
          Value = I % 2 ? 0xFFFFFFFFu : 0;
        if (G != Generation::Gfx9 && Rng() % 3 == 0) {
          Flags |= RecordFlagImm;
          Value &= 0xFF;
        }
        if (G == Generation::Gfx12 && Rng() % 4 == 0)
          Flags |= RecordFlagPriv;
        W.shaderData(Time, CU, SIMD, Slot, Value, Flags);
        Want.push_back({Time, Value, uint8_t(CU), uint8_t(SIMD), uint8_t(Slot), Flags});
      }
      AttStream S = decodeStream(W.bytes(), "t.att");
      ASSERT_EQ(S.Records.size(), Want.size()) << generationName(G) << " seed " << Seed;
      for (size_t I = 0; I < Want.size(); ++I)
        ASSERT_EQ(fields(S.Records[I]), fields(Want[I])) << generationName(G) << " seed " << Seed << " #" << I;
      ASSERT_EQ(S.Waves.size(), WantWaves.size()) << generationName(G) << " seed " << Seed;
      for (size_t I = 0; I < WantWaves.size(); ++I)
        ASSERT_EQ(fields(S.Waves[I]), fields(WantWaves[I])) << generationName(G) << " seed " << Seed;
      EXPECT_EQ(S.Counts.UnknownTokens + S.Counts.TruncatedBytes + S.Counts.BadSlots, 0u);
    }
  }
}
