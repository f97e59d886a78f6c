// MemorySummaryJsonWriter.cpp - the per-operation memory summary as JSON.
//
// One object per row, every key always present: null where a figure does
// not apply to the kind (cache lines for LDS, bank conflicts for global
// memory, both for permutes) or is unknown (kernel, code object, source).
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include <charconv>
#include <cstdio>

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
    OS << ", \"base\": ";
    string(OS, Names.str(R.Base));
    OS << ", \"access_bytes\": " << R.AccessBytes << ", \"access_bytes_assumed\": "
       << (R.WidthAssumed ? "true" : "false");
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
    OS << ", \"efficiency\": ";
    number(OS, R.efficiency());
    OS << ",\n   \"lds_passes\": ";
    number(OS, R.ConflictWays);
    OS << ", \"lds_passes_per_execution\": ";
    number(OS, R.conflictWaysPerExecution());
    OS << ", \"lds_bank_conflict_extra_cycles\": ";
    number(OS, R.ExtraCycles);
    OS << ", \"lds_bank_worst_set_ways\": ";
    number(OS, R.WorstSetWays);
    OS << ", \"lds_bank_mean_worst_set_ways\": ";
    number(OS, R.meanWorstSetWays());
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

void writeMemoryObjectsJson(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names) {
  OS << '[';
  for (size_t I = 0; I < Rows.size(); ++I) {
    const MemoryObjectRow &R = Rows[I];
    OS << (I ? ",\n  {" : "\n  {") << "\"kernel\": ";
    string(OS, Names.str(R.Kernel));
    OS << ", \"object\": ";
    string(OS, Names.str(R.Base));
    OS << ", \"operations\": " << R.Operations << ", \"executions\": " << R.Executions << ", \"bytes\": " << R.Bytes
       << ", \"width_assumed\": " << (R.WidthAssumed ? "true" : "false") << ", \"cache_lines_128b\": ";
    number(OS, R.CacheLines);
    OS << ", \"efficiency\": ";
    number(OS, R.efficiency());
    OS << ", \"lds_passes\": ";
    number(OS, R.ConflictWays);
    OS << ", \"lds_bank_conflict_extra_cycles\": ";
    number(OS, R.ExtraCycles);
    OS << ", \"lds_bank_worst_set_ways\": ";
    number(OS, R.WorstSetWays);
    OS << '}';
  }
  OS << (Rows.empty() ? "]\n" : "\n]\n");
}

void writeMemoryObjectsCsv(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names) {
  auto Cell = [](const std::string &S) {
    if (S.find_first_of(",\"\n") == std::string::npos)
      return S;
    std::string Q = "\"";
    for (char C : S)
      Q += C == '"' ? std::string("\"\"") : std::string(1, C);
    return Q + "\"";
  };
  auto Opt = [](const auto &V) { return V ? std::to_string(*V) : std::string(); };
  OS << "kernel,object,operations,executions,bytes,width_assumed,cache_lines_128b,efficiency,"
        "lds_passes,lds_bank_conflict_extra_cycles,lds_bank_worst_set_ways\n";
  for (const MemoryObjectRow &R : Rows) {
    char Eff[32] = "";
    if (std::optional<double> E = R.efficiency())
      std::snprintf(Eff, sizeof Eff, "%.4f", *E);
    OS << Cell(Names.str(R.Kernel)) << ',' << Cell(Names.str(R.Base)) << ',' << R.Operations << ','
       << R.Executions << ',' << R.Bytes << ',' << (R.WidthAssumed ? "yes" : "no") << ',' << Opt(R.CacheLines)
       << ',' << Eff << ',' << Opt(R.ConflictWays) << ',' << Opt(R.ExtraCycles) << ','
       << Opt(R.WorstSetWays) << '\n';
  }
}

} // namespace sqtt
