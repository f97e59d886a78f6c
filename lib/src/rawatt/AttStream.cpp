// AttStream.cpp - telling a raw buffer's generation from its first 8 bytes,
// and reading it with that generation's token walk.
#include "sqtt/rawatt/AttStream.h"
#include "StreamDecoders.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/HugePages.h"

#include <cstring>

namespace sqtt::rawatt {
namespace {

uint64_t firstWord(std::string_view Bytes) {
  uint64_t V = 0;
  std::memcpy(&V, Bytes.data(), sizeof(V));
  return V;
}

bool isGfx9Header(uint64_t H) {
  const uint64_t Legacy = gfx9header::LegacyVersion.get(H), Version = gfx9header::Version.get(H);
  return (Legacy == 0 || Legacy == 0x11) && Version >= 4 && Version <= 6;
}

std::string hex(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof(Buf), "0x%016llx", static_cast<unsigned long long>(V));
  return Buf;
}

} // namespace

Generation detectGeneration(std::string_view Bytes, const std::string &Name) {
  if (Bytes.size() < 8)
    throw Error(Name + ": " + std::to_string(Bytes.size()) +
                " bytes: too short for a thread trace (a buffer starts with an 8-byte header)");
  const uint64_t H = firstWord(Bytes);
  if (isGfx9Header(H))
    return Generation::Gfx9;
  const auto &Table = rdna::lookupTable(Generation::Gfx10);
  if (Table[H & 0xFF].Kind == rdna::Type::Header) {
    const unsigned Version = unsigned(rdna::HeaderVersion.get(H));
    if (Version == 1 || Version == 2)
      return Generation::Gfx10;
    if (Version == rdna::VersionGfx11)
      return Generation::Gfx11;
    if (Version == rdna::VersionGfx12)
      return Generation::Gfx12;
    if (Version == rdna::VersionMI400)
      throw Error(Name + ": an MI400 (gfx1250) thread trace: its token layouts are not read here; "
                         "decode it with rocprofv3 and read the ui_* directories");
    throw Error(Name + ": thread trace header of unknown version " + std::to_string(Version));
  }
  throw Error(Name + ": not a thread trace: the first 8 bytes (" + hex(H) +
              ") are neither a gfx9 header nor a gfx10+ HEADER token");
}

void decodeStream(std::string_view Bytes, const std::string &Name, StreamWants Wants, AttStream &Out) {
  Out.Records.clear();
  Out.Waves.clear();
  Out.Realtime.clear();
  Out.RealtimeHz = 0;
  Out.PacketLoss.clear();
  Out.Boundaries.clear();
  Out.Counts = {};
  Out.Version = 0;
  Out.Gen = detectGeneration(Bytes, Name);
  if (Wants.Records) {
    // Room for as many records as the buffer could hold (shader-data tokens
    // are at least 28 bits): no copy while it grows, and pages it does not
    // use are never touched.
    const size_t MinBits = Out.Gen == Generation::Gfx9 ? gfx9::LengthBits[gfx9::ShaderData] : 28;
    reserveLarge(Out.Records, Bytes.size() * 8 / MinBits + 1);
  }
  if (Out.Gen == Generation::Gfx9) {
    const uint64_t H = firstWord(Bytes);
    Out.Version = unsigned(gfx9header::Version.get(H));
    decodeGfx9(Bytes.substr(gfx9header::Bytes), int(gfx9header::TargetCU.get(H)), Wants, Out);
  } else {
    decodeRdna(Bytes, Wants, Out);
  }
}

} // namespace sqtt::rawatt
