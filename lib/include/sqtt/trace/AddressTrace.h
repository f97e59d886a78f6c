// AddressTrace.h - one decoded address-trace block: a memory operation's
// active lanes and their addresses, with the wave and marker it came from.
#pragma once

#include "sqtt/trace/MarkerResolver.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace sqtt {

struct AddressTrace {
  AddressKind Kind = AddressKind::none;
  uint32_t MarkerID = 0;
  int64_t Time = 0;
  uint8_t SE = 0, CU = 0, SIMD = 0, Wave = 0;
  uint64_t Exec = 0;
  std::vector<uint64_t> Addresses; // active lanes, in lane order
  uint32_t SourceLoc = 0;          // interned
  uint8_t WaveSize = 0;            // of the map that decoded it: the lanes are Exec's below it
  std::optional<int64_t> Dispatch; // occupancy kernel_id of the wave, if in a span
  uint32_t Kernel = 0;             // interned display name of the dispatch's kernel; "" if unknown
  std::optional<uint64_t> CodeObject; // whose map decoded the block
  uint32_t AccessBytes = 0;           // a lane's, from the map's R: row; 0: not said
  uint32_t Base = 0;                  // interned base object; "" when not said
};

} // namespace sqtt
