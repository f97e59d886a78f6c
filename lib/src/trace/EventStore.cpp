// EventStore.cpp - a trace directory's Perfetto events, kept out of memory.
//
// An event is a header byte, then varints: the time as a zigzag delta from
// the previous event of the wave (from 0 for its first), the dispatch when
// it changes, and the name, marker ID and source location unless the header
// says they are zero / unchanged.
#include "sqtt/trace/EventStore.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/ScratchFile.h"
#include "sqtt/support/Varint.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>

namespace sqtt {

namespace {

// Header bits: phase (2), category (2), then flags.
constexpr uint8_t PhaseShift = 0, CategoryShift = 2, Unknown = 1 << 4, NewDispatch = 1 << 5,
                  NoName = 1 << 6, SameLocation = 1 << 7;
static_assert(TimelineEvent::FlagUnknown == 1, "FlagUnknown is the only flag, stored in one bit");

uint64_t zigzag(int64_t V) { return (uint64_t(V) << 1) ^ uint64_t(V >> 63); }
int64_t unzigzag(uint64_t V) { return int64_t(V >> 1) ^ -int64_t(V & 1); }

} // namespace

EventStore::Range EventStore::append(const TimelineEvent *First, const TimelineEvent *Last) {
  uint64_t Begin = Written + PendingSize;
  size_t Need = PendingSize + size_t(Last - First) * 48; // at most 1 + 4 varints of 10 bytes
  if (Need > PendingCapacity) {
    PendingCapacity = std::max(Need, 2 * PendingCapacity);
    std::unique_ptr<char[]> Grown(new char[PendingCapacity]);
    if (PendingSize)
      std::memcpy(Grown.get(), Pending.get(), PendingSize);
    Pending = std::move(Grown);
  }
  char *At = Pending.get() + PendingSize;
  int64_t Time = 0, Dispatch = 0;
  uint32_t Loc = 0;
  for (const TimelineEvent *E = First; E != Last; ++E) {
    uint8_t Head = uint8_t(E->Ph << PhaseShift | uint8_t(E->Category) << CategoryShift);
    if (E->Flags & TimelineEvent::FlagUnknown)
      Head |= Unknown;
    if (E->Dispatch != Dispatch)
      Head |= NewDispatch;
    if (E->Name == 0 && E->MarkerID == 0)
      Head |= NoName;
    if (E->SourceLoc == Loc)
      Head |= SameLocation;
    *At++ = char(Head);
    At = encodeVarint(At, zigzag(int64_t(uint64_t(E->Time) - uint64_t(Time))));
    if (Head & NewDispatch)
      At = encodeVarint(At, zigzag(E->Dispatch));
    if (!(Head & NoName)) {
      At = encodeVarint(At, E->Name);
      At = encodeVarint(At, E->MarkerID);
    }
    if (!(Head & SameLocation))
      At = encodeVarint(At, E->SourceLoc);
    Time = E->Time, Dispatch = E->Dispatch, Loc = E->SourceLoc;
  }
  PendingSize = size_t(At - Pending.get());
  Count += uint64_t(Last - First);
  Range R{Begin, Written + PendingSize};
  // Past the budget everything spills, then a megabyte at a time: the
  // buffer stays small.
  if (PendingSize >= (File ? size_t(1) << 20 : MemoryBudget + 1))
    flush();
  return R;
}

void EventStore::flush() {
  // Up to the budget the events stay in memory: writing them out and reading
  // them back costs two copies through the kernel.
  if (PendingSize == 0 || (!File && PendingSize <= MemoryBudget))
    return;
  if (!File)
    File.reset(openTemporaryFile("sqtt-events", "the timeline events"));
  // Only appends move the file position (reads use pread), so it is at the end.
  if (std::fwrite(Pending.get(), 1, PendingSize, File.get()) != PendingSize ||
      std::fflush(File.get()) != 0)
    throw Error("cannot write the timeline events to a temporary file: " +
                std::string(std::strerror(errno)) + " (is TMPDIR full?)");
  Written += PendingSize;
  PendingSize = 0;
}

void EventStore::read(Range R, std::vector<TimelineEvent> &Out) const {
  Out.clear();
  if (R.first == R.second)
    return;
  if (R.first > R.second || R.second > Written + PendingSize || (R.first < Written && R.second > Written))
    throw Error("cannot read the timeline events back: not a range the store holds");
  size_t N = size_t(R.second - R.first);
  const char *At;
  if (R.first >= Written) { // still in memory
    At = Pending.get() + (R.first - Written);
  } else {
    ReadBuf.resize(N);
    errno = 0;
    ssize_t Got = ::pread(::fileno(File.get()), ReadBuf.data(), N, off_t(R.first));
    if (Got != ssize_t(N))
      throw Error("cannot read the timeline events back from the temporary file: " +
                  std::string(Got < 0 ? std::strerror(errno) : "it is shorter than written"));
    At = ReadBuf.data();
  }
  const char *End = At + N;
  TimelineEvent E;
  uint32_t Loc = 0;
  while (At && At < End) {
    uint8_t Head = uint8_t(*At++);
    uint64_t V = 0;
    E.Ph = TimelineEvent::Phase(Head >> PhaseShift & 3);
    E.Category = EventCategory(Head >> CategoryShift & 3);
    E.Flags = Head & Unknown ? TimelineEvent::FlagUnknown : 0;
    if ((At = decodeVarint(At, End, V)))
      E.Time = int64_t(uint64_t(E.Time) + uint64_t(unzigzag(V)));
    if (At && (Head & NewDispatch) && (At = decodeVarint(At, End, V)))
      E.Dispatch = unzigzag(V);
    E.Name = E.MarkerID = 0;
    if (At && !(Head & NoName) && (At = decodeVarint(At, End, V))) {
      E.Name = uint32_t(V);
      if ((At = decodeVarint(At, End, V)))
        E.MarkerID = uint32_t(V);
    }
    if (At && !(Head & SameLocation) && (At = decodeVarint(At, End, V)))
      Loc = uint32_t(V);
    E.SourceLoc = Loc;
    Out.push_back(E);
  }
  if (!At)
    throw Error("cannot read the timeline events back from the temporary file: they do not decode");
}

} // namespace sqtt
