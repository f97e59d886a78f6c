// scope_mask.hpp - the one parser of SQTT_SCOPE_* mask values.
//
// Header-only, C++17, no dependencies. The pass plugin parses
// SQTT_SCOPE_WAVE/SIMD/CU/WG with this function when it compiles device
// code, and markers.hpp's host helper sqtt::parse_env_mask uses it at launch
// time, so host logic and device code always agree on which waves trace.
//
// Valid: "-1" (all ones), or an unsigned number that fits 32 bits, written
// in decimal, 0x/0X hex, 0b/0B binary, 0o octal, or with a leading 0 in
// octal (the radix rules of LLVM's StringRef::getAsInteger with radix 0).
// Anything else - a sign, spaces, a trailing character, an empty value, more
// than 32 bits - is invalid.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sqtt {

/// The mask \p text denotes, or nullopt if it is not a valid mask.
inline std::optional<uint32_t> parse_scope_mask(std::string_view text) {
  if (text == "-1")
    return 0xFFFFFFFFu;
  unsigned radix = 10;
  auto starts = [&](char a, char b) {
    return text.size() >= 2 && text[0] == a && (text[1] == b || text[1] == (b - 'a' + 'A'));
  };
  if (starts('0', 'x')) {
    radix = 16;
    text.remove_prefix(2);
  } else if (starts('0', 'b')) {
    radix = 2;
    text.remove_prefix(2);
  } else if (text.size() >= 2 && text[0] == '0' && text[1] == 'o') {
    radix = 8;
    text.remove_prefix(2);
  } else if (text.size() >= 2 && text[0] == '0' && text[1] >= '0' && text[1] <= '9') {
    radix = 8;
    text.remove_prefix(1);
  }
  if (text.empty())
    return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    unsigned digit;
    if (c >= '0' && c <= '9')
      digit = unsigned(c - '0');
    else if (c >= 'a' && c <= 'z')
      digit = unsigned(c - 'a') + 10;
    else if (c >= 'A' && c <= 'Z')
      digit = unsigned(c - 'A') + 10;
    else
      return std::nullopt;
    if (digit >= radix)
      return std::nullopt;
    value = value * radix + digit;
    if (value > 0xFFFFFFFFu)
      return std::nullopt;
  }
  return uint32_t(value);
}

} // namespace sqtt
