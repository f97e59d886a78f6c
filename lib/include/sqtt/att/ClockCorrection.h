// ClockCorrection.h - gfx12 packed headers back to legacy values and times.
//
// A packed header carries bits [shift, shift+bits) of the shader clock
// sampled when the wave issued it; its record's timestamp is when it arrived
// in the trace, after a variable delay. Within one physical SIMD the two
// clocks differ by a fixed unknown phase, so the smallest (arrival - sample)
// difference of a SIMD's headers is the undelayed one; every header is moved
// earlier by its excess over that minimum, less the sampling bucket. Values
// are rewritten to (id << 2) | flags. Payload records are never touched.
#pragma once

#include "sqtt/trace/TraceModel.h"

#include <cstdint>
#include <rocprof_trace_decoder/cxx/marker_value.hpp>

#include <map>
#include <set>
#include <vector>

namespace sqtt {

/// A code object's packed-header layout as code.json's table gives it.
struct ClockLayout {
  uint32_t Bits = 0, Shift = 0;
  sqtt_marker_value::packed_layout layout() const { return {Bits, Shift}; }
  bool valid() const { return layout().packed(); }
};

/// Marker facts of the code objects, as code.json's tables give them.
struct CorrectionTables {
  std::map<uint64_t, ClockLayout> Layouts;          // co -> layout
  std::map<uint64_t, std::set<uint32_t>> Known;     // co -> marker IDs
  std::map<std::pair<uint64_t, uint32_t>, uint32_t> Payloads; // (co, id) -> count
};

/// One wave slot's records, in time order, and its launches.
struct SlotStream {
  uint32_t SE = 0;
  uint8_t CU = 0, SIMD = 0, Wave = 0;
  std::vector<Record *> Records;
  /// (launch time, code object) in time order; a launch's code object is
  /// active until the next launch.
  std::vector<std::pair<int64_t, uint64_t>> Launches;
};

struct CorrectionStats {
  uint64_t Normalized = 0;     // values rewritten to the legacy form
  uint64_t Corrected = 0;      // header times moved
  uint64_t PayloadRecords = 0; // skipped, unchanged
  uint64_t Domains = 0;
  uint64_t MaxShift = 0;       // cycles
};

/// Normalizes and corrects \p Streams in place (streams in first-appearance
/// order). Returns what changed.
CorrectionStats correctShaderClock(std::vector<SlotStream> &Streams, const CorrectionTables &T);

} // namespace sqtt
