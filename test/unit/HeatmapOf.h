// HeatmapOf.h - a memory heatmap of traces held in memory, binned in the two
// passes the tool makes over its address store (scan, layout, bin).
#pragma once

#include "sqtt/trace/MemoryHeatmap.h"

#include <vector>

namespace sqtt {

inline MemoryHeatmap heatmapOf(const std::vector<AddressTrace> &Traces, MemoryHeatmap::Options O) {
  MemoryHeatmap Map(O);
  for (const AddressTrace &T : Traces)
    Map.scan(T);
  Map.layout();
  for (const AddressTrace &T : Traces)
    Map.bin(T);
  return Map;
}

} // namespace sqtt
