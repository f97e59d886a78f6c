//===- FuzzShaderData.cpp - libFuzzer target: the shaderdata records array ===//
//
// Any bytes as a shaderdata_*.json text: the reader returns records or throws
// sqtt::Error naming the file, never crashes, reads out of bounds or reserves
// memory for records the text cannot hold.
//
//===----------------------------------------------------------------------===//
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeReader.h"

#include <cstdint>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<sqtt::Record> Records;
  size_t Begin = 0, End = 0;
  try {
    sqtt::readRecordsArray(std::string_view(reinterpret_cast<const char *>(Data), Size), "fuzz.json",
                           Records, Begin, End);
    if (Begin > End || End > Size)
      __builtin_trap(); // the array bounds must lie inside the text
  } catch (const sqtt::Error &) {
  }
  if (Records.capacity() > Size / 8 + 16)
    __builtin_trap(); // a declared count must not reserve more than the text can hold
  return 0;
}
