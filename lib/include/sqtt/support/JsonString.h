// JsonString.h - JSON string escaping shared by every JSON writer.
#pragma once

#include <charconv>
#include <ostream>
#include <string>

namespace sqtt {

/// Escapes \p S as a JSON string, quotes included.
void writeJsonString(std::ostream &OS, const std::string &S);
/// The same, appended to \p Out.
void appendJsonString(std::string &Out, const std::string &S);
/// The same, returned.
inline std::string jsonString(const std::string &S) {
  std::string Out;
  appendJsonString(Out, S);
  return Out;
}

/// \p V in decimal, appended to \p Out (the writers' per-field hot path).
template <class Int> void appendInt(std::string &Out, Int V) {
  char Buf[24];
  auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, V);
  Out.append(Buf, size_t(End - Buf));
}

/// "0x" and \p Digits (at most 16) lower-case hex digits of \p V, zero-padded.
inline void appendHex(std::string &Out, uint64_t V, unsigned Digits) {
  char Buf[18] = {'0', 'x'};
  for (unsigned I = 0; I < Digits; ++I)
    Buf[2 + I] = "0123456789abcdef"[(V >> (4 * (Digits - 1 - I))) & 0xF];
  Out.append(Buf, 2 + Digits);
}

} // namespace sqtt
