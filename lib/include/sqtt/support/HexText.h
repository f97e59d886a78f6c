// HexText.h - a number as messages and outputs spell addresses and values:
// lower-case hex with 0x, no padding ("0x1d00").
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace sqtt {

inline std::string hexText(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%llx", static_cast<unsigned long long>(V));
  return Buf;
}

} // namespace sqtt
