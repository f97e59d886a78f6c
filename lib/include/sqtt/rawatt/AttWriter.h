// AttWriter.h - writing raw SQTT streams: the simulator's .att files and the
// tests' hand-made buffers, in the layouts of AttTokens.h. Events are given
// in time order; the writer spends TIME/TIMESTAMP (or MISC on gfx9) tokens
// to reach each event's time exactly.
#pragma once

#include "sqtt/rawatt/AttTokens.h"

#include <cstdint>
#include <string>

namespace sqtt::rawatt {

class AttWriter {
public:
  /// Starts a buffer: the gfx9 software header (\p Version 4, 5 or 6, the
  /// target CU), or the HEADER token (tt_version 2, 3 or 4 by generation).
  explicit AttWriter(Generation G, unsigned TargetCU = 0, unsigned Gfx9Version = 5);

  /// gfx9 times advance in steps of 4 cycles: other times throw
  /// std::invalid_argument, as do times before the last event's.
  void waveStart(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot, unsigned Count = 0);
  void waveEnd(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot);
  /// \p Flags: RecordFlagImm (gfx10+: the 8-bit s_ttracedata_imm form),
  /// RecordFlagPriv (gfx12). \p Invalid sets gfx10/11's bit 14.
  void shaderData(int64_t Time, unsigned CU, unsigned SIMD, unsigned Slot, uint32_t Value, uint8_t Flags = 0,
                  bool Invalid = false);
  /// A realtime sample: a TIMESTAMP token on gfx10+, the capture library's
  /// USERDATA_3 packets on gfx9 (after turning its packets on).
  void realtime(int64_t Time, uint64_t Realtime);
  void packetLost(int64_t Time);
  /// The capture library's AGENT_INFO packet stating the realtime counter's
  /// rate (RT_FREQUENCY_KHZ: \p Hz in whole kHz, below 2^20 kHz).
  void agentInfo(int64_t Time, double Hz);
  /// The capture library's announcement of a loaded code object.
  void codeObjectLoad(int64_t Time, uint64_t Id, uint64_t Addr, uint64_t Size);
  /// COMPUTE_PGM_LO/HI of queue 0: the next waves start at \p Pc.
  void kernelStart(int64_t Time, uint64_t Pc);
  /// \p Token as it is, \p Bits long: for tests of what a reader skips.
  /// It does not move the writer's clock.
  void raw(uint64_t Token, unsigned Bits);

  const std::string &bytes() const { return Out; }

private:
  void reach(int64_t Time, uint64_t &OwnDelta, unsigned OwnDeltaBits);
  void emit(uint64_t Token, unsigned Bits);
  void emitRdna(rdna::Type Kind, uint64_t Fields, int64_t Time);
  void emitGfx9(uint8_t Type, uint64_t Fields, int64_t Time);
  void reg(int64_t Time, uint16_t Addr, uint32_t Data, bool Compute);
  void rocFormat(int64_t Time);

  Generation Gen;
  std::string Out;
  unsigned BitsUsed = 0; // bits of the last byte in use (gfx10+ nibbles)
  int64_t Clock = 0;
  bool RocFormatOn = false;
};

} // namespace sqtt::rawatt
