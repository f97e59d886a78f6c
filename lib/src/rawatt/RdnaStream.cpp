// RdnaStream.cpp - the token walk of gfx10, gfx11 and gfx12 buffers: a
// little-endian bit stream of nibble-aligned tokens, HEADER first.
//
// Time: every token but NOP adds its delta field (TIME adds 4 more);
// TIMESTAMP tokens advance the clock or give a realtime sample, and on
// gfx11/12 flag lost packets. Shader data: cu = (sa << 7) + wgp; gfx11
// drops records with bit 14 set; gfx12 marks a nonzero sdt privileged.
// Occupancy: every WAVE_START makes a start row, except counts 66..89
// (context save: an end row for a running wave; restore: a start row);
// after a packet loss a start on a running slot first ends it at time - 1;
// an end with no start makes a start at time 0 before it.
#include "CaptureRegisters.h"
#include "StreamDecoders.h"

#include <cstring>
#include <unordered_map>

namespace sqtt::rawatt {
namespace {

using namespace rdna;

class RdnaWalk {
public:
  RdnaWalk(std::string_view Bytes, StreamWants Wants, AttStream &Out)
      : P(reinterpret_cast<const unsigned char *>(Bytes.data())), N(Bytes.size()), Wants(Wants), Out(Out) {}

  void run();

private:
  /// 64 bits of the stream from bit \p Bit (zeros past the end).
  uint64_t window(size_t Bit) const {
    const size_t Byte = Bit / 8, Shift = Bit % 8;
    uint64_t Lo = 0;
    unsigned char Tail = 0;
    if (Byte + 9 <= N) {
      std::memcpy(&Lo, P + Byte, 8);
      Tail = P[Byte + 8];
    } else {
      unsigned char Buf[9] = {};
      std::memcpy(Buf, P + Byte, N - Byte);
      std::memcpy(&Lo, Buf, 8);
      Tail = Buf[8];
    }
    return Shift ? (Lo >> Shift) | (uint64_t(Tail) << (64 - Shift)) : Lo;
  }
  void header(uint64_t T);
  void timestamp(uint64_t T);
  void addRealtime(uint64_t Realtime);
  void shaderData(uint64_t T, bool Short);
  void waveStart(uint64_t T);
  void waveEnd(uint64_t T);
  void reg(uint64_t T);
  static uint8_t cuOf(const SlotLayout &L, uint64_t T) {
    return uint8_t((L.SA.get(T) << CuSaShift) + L.WGP.get(T));
  }
  static uint32_t key(const SlotLayout &L, uint64_t T) {
    return uint32_t(L.Slot.get(T) | (L.SIMD.get(T) << 8) | (uint32_t(cuOf(L, T)) << 16));
  }
  void row(const SlotLayout &L, uint64_t T, int64_t Time, bool Start, uint64_t CodeObject, uint64_t Address) {
    if (Wants.Waves)
      Out.Waves.push_back({Time, cuOf(L, T), uint8_t(L.SIMD.get(T)), uint8_t(L.Slot.get(T)), Start, CodeObject,
                           Address});
  }
  bool gfx12Layout() const { return Gen == Generation::Gfx12; }

  const unsigned char *P;
  size_t N;
  StreamWants Wants;
  AttStream &Out;
  const LookupTable *Table = &lookupTable(Generation::Gfx10);
  unsigned Version = 0;
  Generation Gen = Generation::Gfx10;
  CaptureRegisters Regs;
  int64_t Clock = 0;
  bool Lost = false;
  struct Running {
    uint64_t CodeObject, Address;
  };
  std::unordered_map<uint32_t, Running> Waves, Saved;
};

void RdnaWalk::header(uint64_t T) {
  ++Out.Counts.Headers;
  Version = unsigned(HeaderVersion.get(T));
  Gen = Version >= VersionGfx12 ? Generation::Gfx12 : Version == VersionGfx11 ? Generation::Gfx11 : Generation::Gfx10;
  Table = &lookupTable(Gen);
  if (Out.Counts.Headers == 1) {
    Out.Gen = Gen;
    Out.Version = Version;
  }
}

void RdnaWalk::addRealtime(uint64_t Realtime) {
  if (!Out.Realtime.empty()) {
    RealtimeSample &Last = Out.Realtime.back();
    if (Last.Realtime >= Realtime || Last.ShaderClock >= Clock) {
      // Two samples at one shader clock: the decoder keeps their average.
      Last.Realtime = (Last.Realtime + Realtime) / 2;
      Last.ShaderClock = (Last.ShaderClock + Clock) / 2;
      return;
    }
  }
  Out.Realtime.push_back({Clock, Realtime});
}

void RdnaWalk::timestamp(uint64_t T) {
  if (Gen == Generation::Gfx10) {
    const uint64_t Kind = Timestamp10Type.get(T), Value = Timestamp10Time.get(T);
    if (Kind == 1)
      Clock += int64_t(Value);
    else if (Kind == 2 && Value != 0)
      addRealtime(Value);
    return;
  }
  const bool Gfx12 = Gen == Generation::Gfx12;
  const uint64_t RT = (Gfx12 ? Timestamp12RT : Timestamp11RT).get(T);
  const uint64_t PL = (Gfx12 ? Timestamp12PL : Timestamp11PL).get(T);
  const uint64_t Value = (Gfx12 ? Timestamp12Time : Timestamp11Time).get(T);
  if (RT == 0) {
    Clock += int64_t(Value);
    if (PL) {
      Lost = true;
      Out.PacketLoss.push_back(Clock);
    }
  } else if (PL == 0 && Value != 0) {
    addRealtime(Value);
  }
}

void RdnaWalk::shaderData(uint64_t T, bool Short) {
  const bool Gfx12 = gfx12Layout();
  const SlotLayout &L = Gfx12 ? Data12 : Data10;
  if (Gen == Generation::Gfx11 && DataInvalid10.get(T)) {
    ++Out.Counts.InvalidRecords;
    return;
  }
  if (!Wants.Records)
    return;
  uint32_t Value;
  uint8_t Flags = Short ? RecordFlagImm : 0;
  if (Gfx12) {
    Value = uint32_t((Short ? DataShortValue12 : DataValue12).get(T));
    if ((Short ? DataShortSdt12 : DataSdt12).get(T))
      Flags |= RecordFlagPriv;
  } else {
    Value = uint32_t((Short ? DataShortValue10 : DataValue10).get(T));
  }
  Out.Records.push_back({Clock, Value, cuOf(L, T), uint8_t(L.SIMD.get(T)), uint8_t(L.Slot.get(T)), Flags});
}

void RdnaWalk::waveStart(uint64_t T) {
  const bool Gfx12 = gfx12Layout();
  const SlotLayout &L = Gfx12 ? WaveStart12 : WaveStart10;
  const unsigned Count = unsigned((Gfx12 ? WaveStartCount12 : WaveStartCount10).get(T));
  Running R{};
  Regs.waveStart(unsigned((Gfx12 ? WaveStartMe12 : WaveStartMe10).get(T)),
                 unsigned((Gfx12 ? WaveStartPipe12 : WaveStartPipe10).get(T)), R.CodeObject, R.Address);
  const uint32_t K = key(L, T);
  if (Count >= ContextBegin && Count < ContextEnd) {
    if ((ContextSaves >> (Count - ContextBegin)) & 1) {
      if (auto It = Waves.find(K); It != Waves.end()) {
        row(L, T, Clock, false, It->second.CodeObject, It->second.Address);
        Saved[K] = It->second;
      }
    } else if ((ContextRestores >> (Count - ContextBegin)) & 1) {
      Running Back{};
      if (auto It = Saved.find(K); It != Saved.end()) {
        Back = It->second;
        Saved.erase(It);
      }
      Waves[K] = Back;
      row(L, T, Clock, true, Back.CodeObject, Back.Address);
    }
    return;
  }
  if (Lost && Waves.count(K))
    row(L, T, Clock - 1, false, 0, 0);
  Waves[K] = R;
  row(L, T, Clock, true, R.CodeObject, R.Address);
}

void RdnaWalk::waveEnd(uint64_t T) {
  const SlotLayout &L = gfx12Layout() ? WaveEnd12 : WaveEnd10;
  Running R{};
  if (auto It = Waves.find(key(L, T)); It != Waves.end()) {
    R = It->second;
    Waves.erase(It);
  } else {
    row(L, T, 0, true, 0, 0);
  }
  row(L, T, Clock, false, R.CodeObject, R.Address);
}

void RdnaWalk::reg(uint64_t T) {
  const unsigned Me = unsigned(RegMe.get(T)), Pipe = unsigned(RegPipe.get(T));
  const uint32_t Addr = uint32_t(RegAddr.get(T)), Data = uint32_t(RegData.get(T));
  const bool CS = RegCS.get(T);
  if (CS)
    Regs.computeWrite(Me, Pipe, Addr, Data);
  // gfx10 carries the userdata writes in CS register tokens too.
  if (!CS || Gen == Generation::Gfx10)
    Regs.userdataWrite(Addr, Data, Me, Pipe);
}

void RdnaWalk::run() {
  const size_t Bits = N * 8;
  size_t Bit = 0, LastUsed = 0;
  bool AfterExt = false; // gfx12: a WAVE_START_EXT may be followed by 8 more bits
  while (Bit + 4 <= Bits) {
    const uint64_t W = window(Bit);
    if (AfterExt && (W & 1)) {
      Bit += 8;
      continue;
    }
    // A token may go before this one unless a WAVE_START_EXT's extension
    // byte could follow (a token there would end the extension early).
    if (Wants.Boundaries && !AfterExt && Out.Counts.Headers)
      Out.Boundaries.push_back({Bit, Clock});
    const TokenInfo &I = (*Table)[W & 0xFF];
    if (I.Kind == Type::Nop) {
      Bit += 4;
      continue;
    }
    if (Bit + I.Length > Bits) {
      Out.Counts.TruncatedBytes += (Bits - Bit + 7) / 8;
      Bit = Bits;
      break;
    }
    // Tokens longer than 64 bits (gfx12 NEW_PC) have no field read here.
    const uint64_t T = I.Length >= 64 ? W : W & ((uint64_t(1) << I.Length) - 1);
    Bit += I.Length;
    LastUsed = Bit;
    ++Out.Counts.Tokens;
    AfterExt = Gen == Generation::Gfx12 && I.Kind == Type::WaveStartExt;
    if (I.DeltaEnd > I.DeltaBegin)
      Clock += int64_t(Field{I.DeltaBegin, uint8_t(I.DeltaEnd - I.DeltaBegin)}.get(T));
    switch (I.Kind) {
    case Type::Unknown: ++Out.Counts.UnknownTokens; break;
    case Type::Time: Clock += TimeDeltaBias; break;
    case Type::Timestamp: timestamp(T); break;
    case Type::Header: header(T); break;
    case Type::Misc:
      if (Gen == Generation::Gfx10 && MiscPacketLost.get(T)) {
        Lost = true;
        Out.PacketLoss.push_back(Clock);
      }
      break;
    case Type::ShaderData: shaderData(T, false); break;
    case Type::ShaderDataShort: shaderData(T, true); break;
    case Type::WaveStart:
    case Type::WaveStartExt: waveStart(T); break;
    case Type::WaveEnd: waveEnd(T); break;
    case Type::Reg: reg(T); break;
    default: break;
    }
  }
  const size_t Unused = N - (LastUsed + 7) / 8;
  Out.Counts.PaddingBytes = Unused > Out.Counts.TruncatedBytes ? Unused - Out.Counts.TruncatedBytes : 0;
  Out.RealtimeHz = Regs.realtimeHz();
}

} // namespace

void decodeRdna(std::string_view Bytes, StreamWants Wants, AttStream &Out) { RdnaWalk(Bytes, Wants, Out).run(); }

} // namespace sqtt::rawatt
