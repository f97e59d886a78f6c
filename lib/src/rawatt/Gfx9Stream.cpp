// Gfx9Stream.cpp - the token walk of gfx9 buffers (gfx90a, gfx942, gfx950):
// fixed-length little-endian tokens after the 8-byte software header.
//
// Time: every token adds 4 x its delta. TIME tokens carry the absolute
// counter but are ignored, except the first one after a MISC TIME_RESET,
// which re-anchors the clock and is itself dropped (so is a second
// TIME_RESET met before it). Occupancy: a wave is keyed by (cu, simd, slot);
// a start of a running key makes no row; on the target CU a start with a
// count above 64 is a context switch; an end with no start makes a start
// and an end at time 0 unless packets were lost. AMD's decoder aborts on a
// slot above 9; this reader skips the token and counts it.
#include "CaptureRegisters.h"
#include "StreamDecoders.h"

#include <cstring>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace sqtt::rawatt {
namespace {

using namespace gfx9;

uint64_t loadLE(const unsigned char *P, size_t Bytes) {
  uint64_t V = 0;
  std::memcpy(&V, P, Bytes); // little-endian hosts only (x86-64, AArch64)
  return V;
}

/// A TIME token's counter as the decoder keeps it: 46 bits, signed.
int64_t timeValue(uint64_t Token) {
  return int64_t(TimeValue.get(Token) << 18) >> 18;
}

class Gfx9Walk {
public:
  Gfx9Walk(std::string_view Bytes, int TargetCU, StreamWants Wants, AttStream &Out)
      : P(reinterpret_cast<const unsigned char *>(Bytes.data())), N(Bytes.size()), TargetCU(TargetCU),
        Wants(Wants), Out(Out) {}

  void run();

private:
  /// The token at \p At, or false when it does not fit (a truncated tail).
  bool tokenAt(size_t At, uint64_t &Token, size_t &Len) const {
    Len = LengthBits[P[At] & 0xF] / 8;
    if (At + Len > N)
      return false;
    Token = loadLE(P + At, Len);
    return true;
  }
  void timeReset(size_t From);
  void anchor(int64_t CounterValue);
  void waveStart(uint64_t T, int64_t Time);
  void waveEnd(uint64_t T, int64_t Time);
  static uint32_t key(uint64_t T) {
    return uint32_t(Slot.get(T) | (SIMD.get(T) << 5) | (CU.get(T) << 7));
  }
  bool onTarget(uint64_t T) const { return int(CU.get(T)) == TargetCU && SH.get(T) == 0; }

  const unsigned char *P;
  size_t N;
  int TargetCU;
  StreamWants Wants;
  AttStream &Out;
  CaptureRegisters Regs;
  int64_t Clock = 0, Base = 0;
  size_t Dropped = std::numeric_limits<size_t>::max(); // a token a reset consumed
  bool Lost = false;
  struct Running {
    uint64_t CodeObject, Address;
  };
  std::unordered_map<uint32_t, Running> Waves;
  std::unordered_set<uint32_t> TargetWaves; // target-CU slots holding a wave
};

void Gfx9Walk::anchor(int64_t CounterValue) {
  if (Base == 0)
    Base = CounterValue - Clock + 4;
  if (CounterValue > Base)
    Clock = (CounterValue - Base) & ~int64_t(3);
}

void Gfx9Walk::timeReset(size_t From) {
  for (size_t At = From; At < N;) {
    uint64_t T;
    size_t Len;
    if (!tokenAt(At, T, Len)) {
      anchor(0); // the decoder reads a cut tail as a TIME of 0
      return;
    }
    const unsigned Type = unsigned(TypeBits.get(T));
    if (Type == Time || (Type == Misc && MiscType.get(T) == MiscTimeReset)) {
      if (Type == Time)
        anchor(timeValue(T));
      Dropped = At;
      return;
    }
    At += Len;
  }
}

void Gfx9Walk::waveStart(uint64_t T, int64_t Time) {
  if (onTarget(T)) {
    if (WaveCount.get(T) > ContextCount)
      return; // a context save or restore of a wave already counted
    TargetWaves.insert(key(T));
  }
  Running R{};
  Regs.waveStart(unsigned(WaveMe.get(T)), unsigned(WavePipe.get(T)), R.CodeObject, R.Address);
  auto [It, New] = Waves.try_emplace(key(T), R);
  if (!New) {
    It->second = R;
    return;
  }
  if (Wants.Waves)
    Out.Waves.push_back({Time, uint8_t(CU.get(T)), uint8_t(SIMD.get(T)), uint8_t(Slot.get(T)), true,
                         R.CodeObject, R.Address});
}

void Gfx9Walk::waveEnd(uint64_t T, int64_t Time) {
  if (onTarget(T) && TargetWaves.erase(key(T)) == 0)
    return; // the decoder keeps no row for an unknown wave of the target CU
  const uint8_t C = uint8_t(CU.get(T)), S = uint8_t(SIMD.get(T)), W = uint8_t(Slot.get(T));
  auto It = Waves.find(key(T));
  if (It != Waves.end()) {
    if (Wants.Waves)
      Out.Waves.push_back({Time, C, S, W, false, It->second.CodeObject, It->second.Address});
    Waves.erase(It);
  } else if (!Lost && Wants.Waves) {
    Out.Waves.push_back({0, C, S, W, true, 0, 0});
    Out.Waves.push_back({0, C, S, W, false, 0, 0});
  }
}

void Gfx9Walk::run() {
  size_t At = 0, LastUsed = 0;
  while (At < N) {
    uint64_t T;
    size_t Len;
    if (!tokenAt(At, T, Len)) {
      Out.Counts.TruncatedBytes += N - At;
      At = N;
      break;
    }
    const size_t Here = At;
    if (Wants.Boundaries)
      Out.Boundaries.push_back({uint64_t(gfx9header::Bytes + Here) * 8, Clock});
    At += Len;
    if (T != 0)
      LastUsed = At;
    ++Out.Counts.Tokens;
    if (Here == Dropped)
      continue;
    const unsigned Type = unsigned(TypeBits.get(T));
    Clock += 4 * int64_t(Type == Misc ? MiscDelta.get(T) : Delta.get(T));
    switch (Type) {
    case Misc:
      if (MiscType.get(T) == MiscTimeReset)
        timeReset(At);
      else if (MiscType.get(T) == MiscPacketLost) {
        Lost = true;
        Out.PacketLoss.push_back(Clock);
      }
      break;
    case WaveStart:
    case WaveEnd:
    case ShaderData:
      if (Slot.get(T) > MaxSlot) {
        ++Out.Counts.BadSlots;
        break;
      }
      if (Type == ShaderData) {
        if (Wants.Records)
          Out.Records.push_back({Clock, uint32_t(Data.get(T)), uint8_t(CU.get(T)), uint8_t(SIMD.get(T)),
                                 uint8_t(Slot.get(T)), 0});
      } else if (Type == WaveStart)
        waveStart(T, Clock);
      else
        waveEnd(T, Clock);
      break;
    case Inst: {
      // An instruction of a target-CU wave whose start was lost opens it.
      const uint64_t W = InstSlot.get(T), S = InstSIMD.get(T);
      if (W <= MaxSlot)
        TargetWaves.insert(uint32_t(W | (S << 5) | (uint64_t(TargetCU & 0xF) << 7)));
      break;
    }
    case Reg:
      if (!RegEnabled.get(T))
        break;
      if (Regs.isRealtimeRegister(uint32_t(RegAddr.get(T))))
        Regs.realtimeWrite(Clock, uint32_t(RegData.get(T)), Out.Realtime);
      else
        Regs.userdataWrite(uint32_t(RegAddr.get(T)), uint32_t(RegData.get(T)), (RegMe.get(T) + 1) & 1,
                           unsigned(RegPipe.get(T)));
      break;
    case RegCs:
    case RegCsPriv:
      Regs.computeWrite((RegMe.get(T) + 1) & 1, unsigned(RegPipe.get(T)), uint32_t(RegCsAddr.get(T)),
                        uint32_t(RegCsData.get(T)));
      break;
    default:
      break;
    }
  }
  Out.Counts.PaddingBytes = N - LastUsed - Out.Counts.TruncatedBytes;
  Out.RealtimeHz = Regs.realtimeHz();
}

} // namespace

void decodeGfx9(std::string_view Bytes, int TargetCU, StreamWants Wants, AttStream &Out) {
  Gfx9Walk(Bytes, TargetCU, Wants, Out).run();
}

} // namespace sqtt::rawatt
