// CaptureRegisters.h - the register writes a raw SQTT stream carries and what
// the reader keeps of them: the kernel's start address per queue
// (COMPUTE_PGM_LO/HI), the code objects the capture library announced on
// USERDATA_2 (so a start address becomes code object + offset), and the
// realtime samples it wrote to USERDATA_3 (gfx9; gfx10+ have TIMESTAMP
// tokens instead).
#pragma once

#include "sqtt/rawatt/AttStream.h"

#include <array>
#include <cstdint>
#include <vector>

namespace sqtt::rawatt {

class CaptureRegisters {
public:
  /// A compute register write (REG_CS on gfx9, REG with CS set on gfx10+).
  void computeWrite(unsigned Me, unsigned Pipe, uint32_t Addr, uint32_t Data);
  /// A write to another register; USERDATA_2 carries the code object packets.
  void userdataWrite(uint32_t Addr, uint32_t Data, unsigned Me, unsigned Pipe);
  /// gfx9's realtime packets on USERDATA_3: appends a sample to \p Out when
  /// one is complete.
  void realtimeWrite(int64_t Time, uint32_t Data, std::vector<RealtimeSample> &Out);
  bool isRealtimeRegister(uint32_t Addr) const { return Addr == userdata::Userdata3; }

  /// The start address of the next wave of queue (\p Me, \p Pipe): code
  /// object and offset when a loaded code object holds it.
  void waveStart(unsigned Me, unsigned Pipe, uint64_t &CodeObject, uint64_t &Address) const;
  /// The realtime counter's rate an AGENT_INFO packet gave (Hz), 0 if none.
  double realtimeHz() const { return RealtimeHz; }

private:
  struct Range {
    uint64_t Addr, Size, Id;
  };
  using PerQueue = std::array<std::array<uint64_t, 4>, 2>;
  static void setHalf(PerQueue &R, unsigned Me, unsigned Pipe, uint32_t Data, bool High);

  PerQueue Pgm{}, CodeObjectId{}, CodeObjectAddr{}, CodeObjectSize{};
  std::vector<Range> Loaded;
  bool PacketsOn = false; // the capture library's packets were turned on
  double RealtimeHz = 0;
  uint8_t State = userdata::WaitForHeader;
  // gfx9 realtime: the payloads still expected after a header, and the
  // three most recent values (delta, high, low).
  int Pending = 0;
  bool PendingKnown = false;
  std::array<uint64_t, 3> RealtimeValues{};
};

} // namespace sqtt::rawatt
