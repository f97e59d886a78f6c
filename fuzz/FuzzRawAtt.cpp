//===- FuzzRawAtt.cpp - libFuzzer target: raw .att streams -----------------===//
//
// Any bytes as a raw SQTT buffer: records, waves and counts or sqtt::Error,
// never a crash. What was read must be consistent: every record's slot in its
// generation's range, and reading records alone gives the same records.
//
//===----------------------------------------------------------------------===//
#include "sqtt/rawatt/AttStream.h"
#include "sqtt/support/Error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Bytes(reinterpret_cast<const char *>(Data), Size);
  try {
    sqtt::rawatt::AttStream All = sqtt::rawatt::decodeStream(Bytes, "fuzz.att");
    sqtt::rawatt::AttStream Records = sqtt::rawatt::decodeStream(Bytes, "fuzz.att", {true, false});
    if (Records.Records.size() != All.Records.size() || !Records.Waves.empty())
      __builtin_trap();
    const unsigned MaxSlot = All.Gen == sqtt::rawatt::Generation::Gfx9 ? 9 : 31;
    for (const sqtt::Record &R : All.Records)
      if (R.Wave > MaxSlot || R.SIMD > 3)
        __builtin_trap();
    const sqtt::rawatt::StreamCounts &C = All.Counts;
    if (C.TruncatedBytes + C.PaddingBytes > Size)
      __builtin_trap();
  } catch (const sqtt::Error &) {
  }
  return 0;
}
