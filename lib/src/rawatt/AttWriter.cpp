// AttWriter.cpp - raw SQTT streams from events, in the layouts of
// AttTokens.h (the reader's own definitions, so the two cannot disagree on
// a field; what the layouts are is checked against hand-made tokens and AMD's
// decoder in the tests).
#include "sqtt/rawatt/AttWriter.h"
#include "sqtt/rawatt/AttStream.h"
#include "sqtt/support/Error.h"
#include "sqtt/trace/TraceModel.h"

#include <algorithm>
#include <cmath>

#include <stdexcept>
#include <string>

namespace sqtt::rawatt {

namespace {

unsigned headerVersion(Generation G) {
  switch (G) {
  case Generation::Gfx10: return 2;
  case Generation::Gfx11: return rdna::VersionGfx11;
  case Generation::Gfx12: return rdna::VersionGfx12;
  case Generation::Gfx9: break;
  }
  return 0;
}

} // namespace

AttWriter::AttWriter(Generation G, unsigned TargetCU, unsigned Gfx9Version) : Gen(G) {
  if (G == Generation::Gfx9) {
    uint64_t H = gfx9header::LegacyVersion.put(0, 0x11);
    H = gfx9header::Version.put(H, Gfx9Version);
    H = gfx9header::SimdMask.put(H, 0xF);
    H = gfx9header::TargetCU.put(H, TargetCU);
    emit(H, 64);
    return;
  }
  uint64_t H = rdna::encodingOf(G, rdna::Type::Header).Pattern;
  H = rdna::HeaderVersion.put(H, headerVersion(G));
  H = rdna::HeaderWGP.put(H, TargetCU);
  emit(H, 64);
}

void AttWriter::emit(uint64_t Token, unsigned Bits) {
  for (unsigned I = 0; I < Bits; I += 4) {
    const unsigned Nibble = I < 64 ? unsigned(Token >> I) & 0xF : 0;
    if (BitsUsed == 0 || BitsUsed == 8) {
      Out.push_back(char(Nibble));
      BitsUsed = 4;
    } else {
      Out.back() = char(static_cast<unsigned char>(Out.back()) | (Nibble << 4));
      BitsUsed = 8;
    }
  }
}

void AttWriter::reach(int64_t Time, uint64_t &OwnDelta, unsigned OwnDeltaBits) {
  if (Time < Clock)
    throw std::invalid_argument("event at cycle " + std::to_string(Time) + " before the previous one (" +
                                std::to_string(Clock) + ")");
  int64_t Gap = Time - Clock;
  OwnDelta = 0;
  if (Gen == Generation::Gfx9) {
    if (Gap % 4)
      throw std::invalid_argument("gfx9 times advance in steps of 4 cycles: " + std::to_string(Time));
    int64_t Units = Gap / 4;
    while (Units > 1) { // MISC tokens of up to 255 units each
      const int64_t Step = Units > 255 ? 255 : Units;
      emit(gfx9::MiscDelta.put(gfx9::Misc, uint64_t(Step)), gfx9::LengthBits[gfx9::Misc]);
      Units -= Step;
    }
    OwnDelta = uint64_t(Units);
  } else if (Gap > 0) {
    if (OwnDeltaBits && Gap < (int64_t(1) << OwnDeltaBits)) {
      OwnDelta = uint64_t(Gap);
    } else {
      const rdna::Encoding E = rdna::encodingOf(Gen, rdna::Type::Timestamp);
      uint64_t T = E.Pattern;
      if (Gen == Generation::Gfx10) {
        T = rdna::Timestamp10Type.put(T, 1);
        T = rdna::Timestamp10Time.put(T, uint64_t(Gap));
      } else {
        T = (Gen == Generation::Gfx12 ? rdna::Timestamp12Time : rdna::Timestamp11Time).put(T, uint64_t(Gap));
      }
      emit(T, E.Length);
    }
  }
  Clock = Time;
}

void AttWriter::emitRdna(rdna::Type Kind, uint64_t Fields, int64_t Time) {
  const rdna::Encoding E = rdna::encodingOf(Gen, Kind);
  uint64_t Own = 0;
  reach(Time, Own, unsigned(E.DeltaEnd - E.DeltaBegin));
  uint64_t T = Fields | E.Pattern;
  if (E.DeltaEnd > E.DeltaBegin)
    T = Field{E.DeltaBegin, uint8_t(E.DeltaEnd - E.DeltaBegin)}.put(T, Own);
  emit(T, E.Length);
}

void AttWriter::emitGfx9(uint8_t Type, uint64_t Fields, int64_t Time) {
  uint64_t Own = 0;
  reach(Time, Own, 1);
  emit(gfx9::Delta.put(Fields | Type, Own), gfx9::LengthBits[Type]);
}

void AttWriter::raw(uint64_t Token, unsigned Bits) { emit(Token, Bits); }

namespace {

/// \p Value into \p F of \p Token; a value the field cannot hold throws.
uint64_t checked(Field F, uint64_t Token, uint64_t Value, const char *What) {
  if (Value > F.mask())
    throw std::invalid_argument(std::string(What) + " " + std::to_string(Value) + " does not fit in " +
                                std::to_string(F.Width) + " bits");
  return F.put(Token, Value);
}

uint64_t putSlot(const rdna::SlotLayout &L, unsigned CU, unsigned SIMD, unsigned Slot) {
  uint64_t T = checked(L.SA, 0, CU >> rdna::CuSaShift, "shader array of cu");
  T = checked(L.WGP, T, CU & ((1u << rdna::CuSaShift) - 1), "wgp of cu");
  T = checked(L.SIMD, T, SIMD, "simd");
  return checked(L.Slot, T, Slot, "wave slot");
}

uint64_t putGfx9Slot(unsigned CU, unsigned SIMD, unsigned Slot) {
  if (Slot > gfx9::MaxSlot)
    throw std::invalid_argument("gfx9 wave slots go up to 9, not " + std::to_string(Slot));
  return checked(gfx9::Slot, checked(gfx9::SIMD, checked(gfx9::CU, 0, CU, "cu"), SIMD, "simd"), Slot, "wave slot");
}

} // namespace

void AttWriter::waveStart(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot, unsigned Count) {
  if (Gen == Generation::Gfx9)
    return emitGfx9(gfx9::WaveStart, gfx9::WaveCount.put(putGfx9Slot(CU, SIMD, Slot), Count), Time);
  const bool G12 = Gen == Generation::Gfx12;
  uint64_t F = putSlot(G12 ? rdna::WaveStart12 : rdna::WaveStart10, CU, SIMD, Slot);
  F = (G12 ? rdna::WaveStartCount12 : rdna::WaveStartCount10).put(F, Count);
  emitRdna(rdna::Type::WaveStart, F, Time);
}

void AttWriter::waveEnd(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot) {
  if (Gen == Generation::Gfx9)
    return emitGfx9(gfx9::WaveEnd, putGfx9Slot(CU, SIMD, Slot), Time);
  emitRdna(rdna::Type::WaveEnd, putSlot(Gen == Generation::Gfx12 ? rdna::WaveEnd12 : rdna::WaveEnd10, CU, SIMD, Slot),
           Time);
}

namespace {

/// A shader-data token's fields (no delta) and kind for \p G.
struct DataToken {
  uint64_t Fields;
  rdna::Type Kind; // gfx10+
};
DataToken shaderDataToken(Generation G, unsigned CU, unsigned SIMD, unsigned Slot, uint32_t Value, uint8_t Flags,
                          bool Invalid) {
  const bool Imm = Flags & RecordFlagImm, Priv = Flags & RecordFlagPriv;
  if (G == Generation::Gfx9) {
    if (Flags || Invalid)
      throw std::invalid_argument("gfx9 shader data has no immediate, privileged or invalid form");
    return {gfx9::Data.put(putGfx9Slot(CU, SIMD, Slot), Value), rdna::Type::Unknown};
  }
  if (Imm && Value > 0xFF)
    throw std::invalid_argument("an s_ttracedata_imm record holds 8 bits");
  const bool G12 = G == Generation::Gfx12;
  if (Priv && !G12)
    throw std::invalid_argument("only gfx12 shader data marks privileged records");
  uint64_t F = putSlot(G12 ? rdna::Data12 : rdna::Data10, CU, SIMD, Slot);
  if (G12) {
    F = (Imm ? rdna::DataShortValue12 : rdna::DataValue12).put(F, Value);
    F = (Imm ? rdna::DataShortSdt12 : rdna::DataSdt12).put(F, Priv ? 1 : 0);
  } else {
    F = (Imm ? rdna::DataShortValue10 : rdna::DataValue10).put(F, Value);
    F = rdna::DataInvalid10.put(F, Invalid ? 1 : 0);
  }
  return {F, Imm ? rdna::Type::ShaderDataShort : rdna::Type::ShaderData};
}

} // namespace

void AttWriter::shaderData(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot, uint32_t Value, uint8_t Flags,
                           bool Invalid) {
  const DataToken T = shaderDataToken(Gen, CU, SIMD, Slot, Value, Flags, Invalid);
  if (Gen == Generation::Gfx9)
    emitGfx9(gfx9::ShaderData, T.Fields, Time);
  else
    emitRdna(T.Kind, T.Fields, Time);
}

std::string spliceRecords(std::string_view Bytes, const std::string &Name, std::vector<SplicedRecord> Records) {
  AttStream S;
  decodeStream(Bytes, Name, {false, false, true}, S);
  std::stable_sort(Records.begin(), Records.end(),
                   [](const SplicedRecord &A, const SplicedRecord &B) { return A.Time < B.Time; });
  // Each record's place: the first boundary (from the previous record's on)
  // at or after its time.
  struct Insert {
    uint64_t Bit;
    uint64_t Token;
    unsigned Length;
  };
  std::vector<Insert> Inserts;
  size_t B = 0;
  for (const SplicedRecord &R : Records) {
    while (B < S.Boundaries.size() && S.Boundaries[B].Time < R.Time)
      ++B;
    if (B == S.Boundaries.size())
      throw Error(Name + ": no token at or after cycle " + std::to_string(R.Time) + " to splice a record before");
    DataToken T;
    try {
      T = shaderDataToken(S.Gen, R.Rec.CU, R.Rec.SIMD, R.Rec.Wave, R.Rec.Value, R.Rec.Flags, false);
    } catch (const std::invalid_argument &Why) {
      throw Error(Name + ": cannot splice the record at cycle " + std::to_string(R.Time) + ": " + Why.what());
    }
    if (S.Gen == Generation::Gfx9)
      Inserts.push_back({S.Boundaries[B].Bit, T.Fields | gfx9::ShaderData, gfx9::LengthBits[gfx9::ShaderData]});
    else {
      const rdna::Encoding E = rdna::encodingOf(S.Gen, T.Kind);
      Inserts.push_back({S.Boundaries[B].Bit, T.Fields | E.Pattern, E.Length});
    }
  }
  // Rebuilt nibble by nibble: tokens start on nibble (gfx9: 16-bit) boundaries.
  std::string Out;
  bool High = false;
  auto Nibble = [&](unsigned V) {
    if (!High)
      Out.push_back(char(V));
    else
      Out.back() = char(static_cast<unsigned char>(Out.back()) | (V << 4));
    High = !High;
  };
  auto Source = [&](uint64_t N) { return (static_cast<unsigned char>(Bytes[N / 2]) >> ((N % 2) * 4)) & 0xF; };
  uint64_t N = 0;
  for (const Insert &I : Inserts) {
    for (; N < I.Bit / 4; ++N)
      Nibble(Source(N));
    for (unsigned K = 0; K < I.Length; K += 4)
      Nibble(unsigned(I.Token >> K) & 0xF);
  }
  for (; N < uint64_t(Bytes.size()) * 2; ++N)
    Nibble(Source(N));
  return Out;
}

void AttWriter::reg(int64_t Time, uint16_t Addr, uint32_t Data, bool Compute) {
  if (Gen == Generation::Gfx9) {
    // Queue 0 is written as me field 1: the decoder reads me = (field + 1) & 1.
    if (Compute)
      return emitGfx9(gfx9::RegCs,
                      gfx9::RegCsData.put(gfx9::RegCsAddr.put(gfx9::RegMe.put(0, 1), Addr), Data), Time);
    uint64_t F = gfx9::RegMe.put(0, 1);
    F = gfx9::RegEnabled.put(F, 1);
    F = gfx9::RegAddr.put(F, Addr);
    return emitGfx9(gfx9::Reg, gfx9::RegData.put(F, Data), Time);
  }
  uint64_t F = rdna::RegCS.put(0, Compute ? 1 : 0);
  F = rdna::RegAddr.put(F, Addr);
  emitRdna(rdna::Type::Reg, rdna::RegData.put(F, Data), Time);
}

void AttWriter::rocFormat(int64_t Time) {
  if (!RocFormatOn)
    reg(Time, userdata::Userdata2, userdata::RocFormat, false);
  RocFormatOn = true;
}

void AttWriter::agentInfo(int64_t Time, double Hz) {
  using namespace userdata;
  const uint64_t KHz = uint64_t(std::llround(Hz / 1000.0));
  if (KHz == 0 || KHz >= (uint64_t(1) << 20))
    throw std::invalid_argument("a realtime rate of " + std::to_string(Hz) + " Hz does not fit RT_FREQUENCY_KHZ");
  rocFormat(Time);
  reg(Time, Userdata2, uint32_t(Data20.put(Kind.put(Opcode.put(0, AgentInfo), 0), KHz)), false);
}

void AttWriter::realtime(int64_t Time, uint64_t Realtime) {
  if (Gen == Generation::Gfx9) {
    rocFormat(Time);
    using namespace userdata;
    reg(Time, Userdata3, uint32_t(Opcode.put(0, RtTimestamp)), false);
    reg(Time, Userdata3, uint32_t(Realtime), false);       // low
    reg(Time, Userdata3, uint32_t(Realtime >> 32), false); // high
    reg(Time, Userdata3, uint32_t(Realtime), false);       // delta: the sample's low half
    return;
  }
  uint64_t F = 0;
  if (Gen == Generation::Gfx10) {
    F = rdna::Timestamp10Time.put(rdna::Timestamp10Type.put(F, 2), Realtime);
  } else if (Gen == Generation::Gfx11) {
    F = rdna::Timestamp11Time.put(rdna::Timestamp11RT.put(F, 1), Realtime);
  } else {
    F = rdna::Timestamp12Time.put(rdna::Timestamp12RT.put(F, 1), Realtime);
  }
  emitRdna(rdna::Type::Timestamp, F, Time);
}

void AttWriter::packetLost(int64_t Time) {
  if (Gen == Generation::Gfx9)
    return emitGfx9(gfx9::Misc, gfx9::MiscType.put(0, gfx9::MiscPacketLost), Time);
  if (Gen == Generation::Gfx10)
    return emitRdna(rdna::Type::Misc, rdna::MiscPacketLost.put(0, 1), Time);
  const bool G12 = Gen == Generation::Gfx12;
  emitRdna(rdna::Type::Timestamp, (G12 ? rdna::Timestamp12PL : rdna::Timestamp11PL).put(0, 1), Time);
}

void AttWriter::codeObjectLoad(int64_t Time, uint64_t Id, uint64_t Addr, uint64_t Size) {
  using namespace userdata;
  rocFormat(Time);
  auto Packet = [&](CodeObjectField Kind, uint32_t Payload) {
    reg(Time, Userdata2, uint32_t(userdata::Kind.put(Opcode.put(0, CodeObject), Kind)), false);
    reg(Time, Userdata2, Payload, false);
  };
  Packet(AddrLo, uint32_t(Addr));
  Packet(AddrHi, uint32_t(Addr >> 32));
  Packet(SizeLo, uint32_t(Size));
  Packet(SizeHi, uint32_t(Size >> 32));
  uint64_t TailBits = 0;
  if (Id < (uint64_t(1) << 30)) {
    TailBits = TailLegacyId.put(0, Id);
  } else {
    Packet(IdLo, uint32_t(Id));
    Packet(IdHi, uint32_t(Id >> 32));
  }
  Packet(Tail, uint32_t(TailBits));
}

void AttWriter::kernelStart(int64_t Time, uint64_t Pc) {
  const uint64_t Pgm = (Pc & userdata::PcMask) >> userdata::PgmShift;
  reg(Time, userdata::ComputePgmLo, uint32_t(Pgm), true);
  reg(Time, userdata::ComputePgmHi, uint32_t(Pgm >> 32), true);
}

} // namespace sqtt::rawatt
