// Varint.h - base-128 varints (the protobuf wire encoding), for the pftrace
// writer and the event store's compact events.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sqtt {

/// Encodes \p V at \p At (room for 10 bytes); returns the end.
inline char *encodeVarint(char *At, uint64_t V) {
  while (V >= 0x80) {
    *At++ = char(uint8_t(V) | 0x80);
    V >>= 7;
  }
  *At++ = char(V);
  return At;
}

/// Reads a varint at \p At, below \p End; null when it runs past either.
inline const char *decodeVarint(const char *At, const char *End, uint64_t &V) {
  V = 0;
  for (int Shift = 0; At < End && Shift < 64; Shift += 7) {
    uint8_t B = uint8_t(*At++);
    V |= uint64_t(B & 0x7F) << Shift;
    if (B < 0x80)
      return At;
  }
  return nullptr;
}

/// The bytes \p V takes as a varint.
inline size_t varintSize(uint64_t V) {
  size_t N = 1;
  for (; V >= 0x80; V >>= 7)
    ++N;
  return N;
}

} // namespace sqtt
