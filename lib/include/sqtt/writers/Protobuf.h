// Protobuf.h - the protobuf wire format, as much as the Perfetto writer needs.
//
// A message is built into a std::string; a nested message is built into its
// own string and appended as a length-delimited field. Field numbers and
// types are the writer's business (FORMATS §11); this only encodes them.
#pragma once

#include "sqtt/support/Varint.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sqtt::proto {

enum WireType : uint32_t { Varint = 0, Fixed64 = 1, LengthDelimited = 2 };

/// Fields encoded at \p At (room for 20 bytes besides any bytes); each
/// returns the end. For writers that size a message before they copy it out
/// once.
inline char *encodeUInt(char *At, uint32_t Field, uint64_t V) {
  return encodeVarint(encodeVarint(At, (uint64_t(Field) << 3) | Varint), V);
}
inline char *encodeInt(char *At, uint32_t Field, int64_t V) { return encodeUInt(At, Field, uint64_t(V)); }
/// The tag and length of a length-delimited field of \p Size bytes.
inline char *encodeLength(char *At, uint32_t Field, uint64_t Size) {
  return encodeVarint(encodeVarint(At, (uint64_t(Field) << 3) | LengthDelimited), Size);
}
inline char *encodeBytes(char *At, uint32_t Field, std::string_view Bytes) {
  At = encodeLength(At, Field, Bytes.size());
  std::memcpy(At, Bytes.data(), Bytes.size());
  return At + Bytes.size();
}

// Each field is encoded into a local buffer and appended once: appending
// byte by byte cost a capacity check per byte, and the writer emits about
// forty fields per event.

/// uint32/uint64/bool/enum fields, and int32/int64 (negative values take
/// ten bytes, as protobuf's int64 does).
inline void putUInt(std::string &Out, uint32_t Field, uint64_t V) {
  char Buf[20];
  Out.append(Buf, size_t(encodeUInt(Buf, Field, V) - Buf));
}
inline void putInt(std::string &Out, uint32_t Field, int64_t V) { putUInt(Out, Field, uint64_t(V)); }

/// string, bytes and nested-message fields.
inline void putBytes(std::string &Out, uint32_t Field, std::string_view Bytes) {
  char Buf[20];
  Out.append(Buf, size_t(encodeLength(Buf, Field, Bytes.size()) - Buf));
  Out.append(Bytes.data(), Bytes.size());
}

inline void putDouble(std::string &Out, uint32_t Field, double V) {
  char Tag[10];
  Out.append(Tag, size_t(encodeVarint(Tag, (uint64_t(Field) << 3) | Fixed64) - Tag));
  uint64_t Bits;
  std::memcpy(&Bits, &V, sizeof Bits);
  for (int I = 0; I < 8; ++I)
    Out += char(uint8_t(Bits >> (8 * I)));
}

} // namespace sqtt::proto
