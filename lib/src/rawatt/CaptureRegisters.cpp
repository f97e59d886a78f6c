// CaptureRegisters.cpp - kernel start addresses, code object announcements
// and gfx9 realtime samples from a raw stream's register writes.
#include "CaptureRegisters.h"

namespace sqtt::rawatt {

void CaptureRegisters::setHalf(PerQueue &R, unsigned Me, unsigned Pipe, uint32_t Data, bool High) {
  uint64_t &V = R[Me & 1][Pipe & 3];
  V = High ? (V & 0xFFFFFFFFull) | (uint64_t(Data) << 32) : (V & ~0xFFFFFFFFull) | Data;
}

void CaptureRegisters::computeWrite(unsigned Me, unsigned Pipe, uint32_t Addr, uint32_t Data) {
  if (Addr == userdata::ComputePgmLo)
    setHalf(Pgm, Me, Pipe, Data, false);
  else if (Addr == userdata::ComputePgmHi)
    setHalf(Pgm, Me, Pipe, Data, true);
}

void CaptureRegisters::userdataWrite(uint32_t Addr, uint32_t Data, unsigned Me, unsigned Pipe) {
  using namespace userdata;
  if (Addr != Userdata2)
    return;
  if (!PacketsOn) {
    if (Data == userdata::RocFormat) {
      PacketsOn = true;
      State = WaitForHeader;
    }
    return;
  }
  if (State == WaitForHeader) {
    // A header: a code object packet names the field its payload sets; an
    // AGENT_INFO packet of type 0 carries the realtime rate in kHz
    // (RT_FREQUENCY_KHZ, RAWATT §5.3).
    if (Opcode.get(Data) == CodeObject && Data20.get(Data) == 0)
      State = uint8_t(Kind.get(Data));
    else if (Opcode.get(Data) == AgentInfo && Kind.get(Data) == 0 && Data20.get(Data) != 0)
      RealtimeHz = double(Data20.get(Data)) * 1000.0;
    return;
  }
  switch (State) {
  case Tail: {
    uint64_t Id = TailLegacyId.get(Data);
    if (Id == 0)
      Id = CodeObjectId[Me & 1][Pipe & 3];
    bool Active = false;
    for (const Range &R : Loaded)
      Active |= R.Id == Id;
    if (!TailUnload.get(Data) && !Active)
      Loaded.push_back({CodeObjectAddr[Me & 1][Pipe & 3], CodeObjectSize[Me & 1][Pipe & 3], Id});
    else if (TailUnload.get(Data) && Active)
      for (auto It = Loaded.begin(); It != Loaded.end(); ++It)
        if (It->Id == Id) {
          Loaded.erase(It);
          break;
        }
    break;
  }
  case IdLo: setHalf(CodeObjectId, Me, Pipe, Data, false); break;
  case IdHi: setHalf(CodeObjectId, Me, Pipe, Data, true); break;
  case SizeLo: setHalf(CodeObjectSize, Me, Pipe, Data, false); break;
  case SizeHi: setHalf(CodeObjectSize, Me, Pipe, Data, true); break;
  case AddrLo: setHalf(CodeObjectAddr, Me, Pipe, Data, false); break;
  case AddrHi: setHalf(CodeObjectAddr, Me, Pipe, Data, true); break;
  default: break;
  }
  State = WaitForHeader;
}

void CaptureRegisters::realtimeWrite(int64_t Time, uint32_t Data, std::vector<RealtimeSample> &Out) {
  using namespace userdata;
  enum { Delta = 0, High = 1, Low = 2 }; // the payload order counts down
  if (!PacketsOn)
    return;
  if (Pending == 0) {
    const unsigned Op = unsigned(Opcode.get(Data));
    const int Count = int(Data20.get(Data));
    PendingKnown = Op == RtTimestamp || Op == RtTimestampLo32;
    if (Op == RtTimestamp)
      Pending = Count ? Count : 3;
    else if (Op == RtTimestampLo32) {
      Pending = Count ? Count : 1;
      RealtimeValues[Low] = RealtimeValues[Delta];
    } else
      Pending = Count;
    return;
  }
  --Pending;
  if (!PendingKnown || Pending < 0)
    return;
  if (Pending < 3)
    RealtimeValues[size_t(Pending)] = Data;
  if (Pending > 0)
    return;
  // The low half wrapped between two samples: carry into the high half.
  if (RealtimeValues[Delta] < RealtimeValues[Low])
    ++RealtimeValues[High];
  Out.push_back({Time, RealtimeValues[Delta] | (RealtimeValues[High] << 32)});
}

void CaptureRegisters::waveStart(unsigned Me, unsigned Pipe, uint64_t &CodeObject, uint64_t &Address) const {
  const uint64_t Pc = (Pgm[Me & 1][Pipe & 3] << userdata::PgmShift) & userdata::PcMask;
  for (const Range &R : Loaded)
    if (Pc >= R.Addr && Pc - R.Addr < R.Size) {
      CodeObject = R.Id;
      Address = Pc - R.Addr;
      return;
    }
  CodeObject = 0;
  Address = Pc;
}

} // namespace sqtt::rawatt
