// Protobuf.h - the protobuf wire format, as much as the Perfetto writer needs.
//
// A message is built into a std::string; a nested message is built into its
// own string and appended as a length-delimited field. Field numbers and
// types are the writer's business (FORMATS §11); this only encodes them.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sqtt::proto {

enum WireType : uint32_t { Varint = 0, Fixed64 = 1, LengthDelimited = 2 };

inline void putVarint(std::string &Out, uint64_t V) {
  while (V >= 0x80) {
    Out += char(uint8_t(V) | 0x80);
    V >>= 7;
  }
  Out += char(V);
}

inline void putTag(std::string &Out, uint32_t Field, WireType Type) {
  putVarint(Out, (uint64_t(Field) << 3) | Type);
}

/// uint32/uint64/bool/enum fields, and int32/int64 (negative values take
/// ten bytes, as protobuf's int64 does).
inline void putUInt(std::string &Out, uint32_t Field, uint64_t V) {
  putTag(Out, Field, Varint);
  putVarint(Out, V);
}
inline void putInt(std::string &Out, uint32_t Field, int64_t V) { putUInt(Out, Field, uint64_t(V)); }

/// string, bytes and nested-message fields.
inline void putBytes(std::string &Out, uint32_t Field, std::string_view Bytes) {
  putTag(Out, Field, LengthDelimited);
  putVarint(Out, Bytes.size());
  Out.append(Bytes.data(), Bytes.size());
}

inline void putDouble(std::string &Out, uint32_t Field, double V) {
  putTag(Out, Field, Fixed64);
  uint64_t Bits;
  std::memcpy(&Bits, &V, sizeof Bits);
  for (int I = 0; I < 8; ++I)
    Out += char(uint8_t(Bits >> (8 * I)));
}

} // namespace sqtt::proto
