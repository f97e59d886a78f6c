//===- FuzzOccupancy.cpp - libFuzzer target: occupancy.json ---------------===//
//
// Any bytes as occupancy.json: wave spans or sqtt::Error, never a crash; the
// span lookups must then answer for every slot they hold.
//
//===----------------------------------------------------------------------===//
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeReader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  try {
    sqtt::Occupancy Occ = sqtt::parseOccupancy(
        std::string_view(reinterpret_cast<const char *>(Data), Size), "occupancy.json");
    for (const auto &[Slot, Spans] : Occ.Spans) {
      for (const sqtt::WaveSpan &S : Spans) {
        if (Occ.findSpan(Slot, S.Launch) == nullptr)
          __builtin_trap(); // a slot with spans always has one at its launches
        (void)Occ.dispatchName(S.Dispatch);
      }
      sqtt::SpanCursor Cursor(Occ, Slot);
      (void)Cursor.instance(INT64_MAX);
    }
  } catch (const sqtt::Error &) {
  }
  return 0;
}
