// AddressStore.cpp - a trace directory's address traces, kept out of memory.
#include "sqtt/trace/AddressStore.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/ScratchFile.h"
#include "sqtt/trace/AddressTrace.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <unistd.h>

namespace sqtt {

namespace {

/// A trace's fixed part as stored; its addresses follow it.
struct StoredTrace {
  int64_t Time;
  uint64_t Exec;
  int64_t Dispatch;
  uint64_t CodeObject;
  uint32_t MarkerID, SourceLoc, Kernel, Count, AccessBytes, Base;
  uint8_t Kind, SE, CU, SIMD, Wave, WaveSize;
  uint8_t HasDispatch, HasCodeObject;
};
static_assert(sizeof(StoredTrace) == 64, "no padding in the stored form");

} // namespace

AddressStore::Range AddressStore::append(const std::vector<AddressTrace> &Traces) {
  Range R{Bytes, Bytes, Traces.size()};
  if (Traces.empty())
    return R;
  std::vector<char> Buf;
  for (const AddressTrace &T : Traces) {
    StoredTrace S{T.Time,
                  T.Exec,
                  T.Dispatch.value_or(0),
                  T.CodeObject.value_or(0),
                  T.MarkerID,
                  T.SourceLoc,
                  T.Kernel,
                  uint32_t(T.Addresses.size()),
                  T.AccessBytes,
                  T.Base,
                  uint8_t(T.Kind),
                  T.SE,
                  T.CU,
                  T.SIMD,
                  T.Wave,
                  T.WaveSize,
                  uint8_t(T.Dispatch.has_value()),
                  uint8_t(T.CodeObject.has_value())};
    size_t At = Buf.size();
    Buf.resize(At + sizeof S + T.Addresses.size() * sizeof(uint64_t));
    std::memcpy(Buf.data() + At, &S, sizeof S);
    if (!T.Addresses.empty())
      std::memcpy(Buf.data() + At + sizeof S, T.Addresses.data(),
                  T.Addresses.size() * sizeof(uint64_t));
  }
  if (!File)
    File.reset(openTemporaryFile("sqtt-addresses", "the address traces"));
  // Only appends move the file position (reads use pread), so it is at the end.
  if (std::fwrite(Buf.data(), 1, Buf.size(), File.get()) != Buf.size() ||
      std::fflush(File.get()) != 0)
    throw Error("cannot write the address traces to a temporary file: " +
                std::string(std::strerror(errno)) + " (is TMPDIR full?)");
  Bytes += Buf.size();
  Count += Traces.size();
  R.End = Bytes;
  return R;
}

void AddressStore::read(const Range &R, std::vector<AddressTrace> &Out) const {
  Out.clear();
  if (R.Begin == R.End)
    return;
  std::vector<char> Buf(R.End - R.Begin);
  if (!File || R.End > Bytes ||
      ::pread(::fileno(File.get()), Buf.data(), Buf.size(), off_t(R.Begin)) != ssize_t(Buf.size()))
    throw Error("cannot read the address traces back from the temporary file: " +
                std::string(std::strerror(errno)));
  Out.reserve(R.Count);
  for (size_t At = 0; At + sizeof(StoredTrace) <= Buf.size();) {
    StoredTrace S;
    std::memcpy(&S, Buf.data() + At, sizeof S);
    At += sizeof S;
    AddressTrace &T = Out.emplace_back();
    T.Kind = AddressKind(S.Kind);
    T.MarkerID = S.MarkerID;
    T.Time = S.Time;
    T.SE = S.SE, T.CU = S.CU, T.SIMD = S.SIMD, T.Wave = S.Wave;
    T.Exec = S.Exec;
    T.Addresses.resize(S.Count);
    if (S.Count)
      std::memcpy(T.Addresses.data(), Buf.data() + At, S.Count * sizeof(uint64_t));
    At += S.Count * sizeof(uint64_t);
    T.SourceLoc = S.SourceLoc;
    T.AccessBytes = S.AccessBytes;
    T.Base = S.Base;
    T.WaveSize = S.WaveSize;
    if (S.HasDispatch)
      T.Dispatch = S.Dispatch;
    T.Kernel = S.Kernel;
    if (S.HasCodeObject)
      T.CodeObject = S.CodeObject;
  }
}

} // namespace sqtt
