// MemorySummaryJsonWriter.cpp - the per-operation memory summary as JSON.
//
// One object per row, every key always present: null where a figure does
// not apply to the kind (cache lines for LDS, bank conflicts for global
// memory, both for permutes) or is unknown (kernel, code object, source).
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include <charconv>

namespace sqtt {

namespace {

template <typename T> void number(std::ostream &OS, const std::optional<T> &V) {
  if (!V) {
    OS << "null";
  } else if constexpr (std::is_floating_point_v<T>) {
    char Buf[64]; // Shortest form that reads back as the same double.
    auto [End, Ec] = std::to_chars(Buf, Buf + sizeof Buf, *V);
    OS.write(Buf, End - Buf);
  } else {
    OS << *V;
  }
}

void string(std::ostream &OS, const std::string &S) {
  if (S.empty())
    OS << "null";
  else
    writeJsonString(OS, S);
}

} // namespace

void writeMemorySummaryJson(std::ostream &OS, const std::vector<MemorySummaryRow> &Rows,
                            const NameTable &Names) {
  OS << '[';
  for (size_t I = 0; I < Rows.size(); ++I) {
    const MemorySummaryRow &R = Rows[I];
    OS << (I ? ",\n  {" : "\n  {") << "\"kernel\": ";
    string(OS, Names.str(R.Kernel));
    OS << ", \"code_object\": ";
    number(OS, R.CodeObject);
    OS << ", \"marker_id\": " << R.MarkerID << ", \"kind\": \"" << addressKindName(R.Kind)
       << "\", \"source\": ";
    string(OS, Names.str(R.Source));
    OS << ",\n   \"executions\": " << R.Executions << ", \"active_lanes\": " << R.ActiveLanes
       << ", \"unique_addresses\": " << R.UniqueAddresses << ",\n   \"cache_lines_128b\": ";
    number(OS, R.CacheLines);
    OS << ", \"ideal_cache_lines_128b\": ";
    number(OS, R.IdealLines);
    OS << ", \"lines_per_execution\": ";
    number(OS, R.linesPerExecution());
    OS << ", \"ideal_lines_per_execution\": ";
    number(OS, R.idealLinesPerExecution());
    OS << ", \"lines_vs_ideal\": ";
    number(OS, R.linesVsIdeal());
    OS << ",\n   \"lds_bank_conflict_ways\": ";
    number(OS, R.ConflictWays);
    OS << ", \"conflict_ways_per_execution\": ";
    number(OS, R.conflictWaysPerExecution());
    OS << ",\n   \"dominant_stride\": ";
    number(OS, R.DominantStride);
    OS << ", \"address_min\": ";
    string(OS, R.MinAddress ? formatAddress(R.Kind, *R.MinAddress) : "");
    OS << ", \"address_max\": ";
    string(OS, R.MaxAddress ? formatAddress(R.Kind, *R.MaxAddress) : "");
    OS << '}';
  }
  OS << (Rows.empty() ? "]\n" : "\n]\n");
}

} // namespace sqtt
