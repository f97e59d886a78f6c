// MemoryWriters.h - the memory tool's outputs, one writer per format.
//
//   MemoryTraceJsonWriter   the memory-trace JSON array, one trace at a time
//   writeMemorySummaryText  the per-operation table (--summary)
//   writeMemorySummaryJson  the same rows as a JSON array (--summary-json)
//   writeMemoryObjects*     the rows per (kernel, base object): text, JSON, CSV
//   writeMemoryHeatmapSvg   the accesses over time against address pages (--heatmap)
#pragma once

#include "sqtt/trace/MemoryHeatmap.h"

#include "sqtt/trace/MemorySummary.h"
#include "sqtt/writers/OutputRow.h"

#include <ostream>
#include <vector>

namespace sqtt {

/// Streams the memory-trace JSON array (FORMATS §5, plus kernel, dispatch,
/// code_object and lanes): traces are written as they come.
class MemoryTraceJsonWriter {
public:
  MemoryTraceJsonWriter(std::ostream &OS, const NameTable &Names) : OS(OS), Names(Names) {}
  void add(const AddressTrace &T);
  /// Closes the array ("[]" when there was no trace).
  void finish();
  uint64_t count() const { return Count; }

private:
  std::ostream &OS;
  const NameTable &Names;
  uint64_t Count = 0;
  std::string Buf; // what has not gone to OS yet
};

/// Totals, then one aligned table row per operation (\p Rows as sorted by
/// MemorySummary::rows), then, once, how to get source locations if a code
/// object has none.
void writeMemorySummaryText(std::ostream &OS, const MemorySummary &Summary,
                            const std::vector<MemorySummaryRow> &Rows, const NameTable &Names);
void writeMemorySummaryJson(std::ostream &OS, const std::vector<MemorySummaryRow> &Rows,
                            const NameTable &Names);
/// The summary rows as the JSON has them, and their table (sqtt_memory).
OutputRows memorySummaryOutputRows(const std::vector<MemorySummaryRow> &Rows, const NameTable &Names);
const OutputTable &memorySummaryTable();
/// One row per (kernel, base object): operations, executions, bytes
/// requested, cache lines, efficiency, bank-conflict ways and extra cycles.
void writeMemoryObjectsText(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names);
void writeMemoryObjectsJson(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names);
/// The per-object rows as the JSON has them, and their table
/// (sqtt_memory_objects).
OutputRows memoryObjectOutputRows(const std::vector<MemoryObjectRow> &Rows, const NameTable &Names);
const OutputTable &memoryObjectsTable();
void writeMemoryObjectsCsv(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names);
/// One panel per kernel of \p Map: time across, address pages down by base
/// object (a colour each), opacity by the log of the accesses in a cell.
void writeMemoryHeatmapSvg(std::ostream &OS, const MemoryHeatmap &Map, const NameTable &Names);

} // namespace sqtt
