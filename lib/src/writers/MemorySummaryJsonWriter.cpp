// MemorySummaryJsonWriter.cpp - the per-operation memory summary and the
// per-object rows as JSON (and as the rows of their sqlite tables).
//
// One object per row, every key always present: null where a figure does
// not apply to the kind (cache lines for LDS, bank conflicts for global
// memory, both for permutes) or is unknown (kernel, code object, source).
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/MemoryWriters.h"

#include <cstdio>

namespace sqtt {

OutputRows memorySummaryOutputRows(const std::vector<MemorySummaryRow> &Rows, const NameTable &Names) {
  using V = FieldValue;
  return outputRowsOf(Rows, [&Names](const MemorySummaryRow &R) -> OutputRow {
    return {{"kernel", V::textOrNull(Names.str(R.Kernel))},
            {"code_object", V::of(R.CodeObject)},
            {"marker_id", V::integer(R.MarkerID)},
            {"kind", V::text(addressKindName(R.Kind))},
            {"source", V::textOrNull(Names.str(R.Source))},
            {"base", V::textOrNull(Names.str(R.Base))},
            {"access_bytes", V::integer(R.AccessBytes)},
            {"access_bytes_assumed", V::boolean(R.WidthAssumed)},
            {"executions", V::integer(R.Executions), true},
            {"active_lanes", V::integer(R.ActiveLanes)},
            {"unique_addresses", V::integer(R.UniqueAddresses)},
            {"cache_lines_128b", V::of(R.CacheLines), true},
            {"ideal_cache_lines_128b", V::of(R.IdealLines)},
            {"lines_per_execution", V::of(R.linesPerExecution())},
            {"ideal_lines_per_execution", V::of(R.idealLinesPerExecution())},
            {"lines_vs_ideal", V::of(R.linesVsIdeal())},
            {"efficiency", V::of(R.efficiency())},
            {"lds_passes", V::of(R.ConflictWays), true},
            {"lds_passes_per_execution", V::of(R.conflictWaysPerExecution())},
            {"lds_bank_conflict_extra_cycles", V::of(R.ExtraCycles)},
            {"lds_bank_worst_set_ways", V::of(R.WorstSetWays)},
            {"lds_bank_mean_worst_set_ways", V::of(R.meanWorstSetWays())},
            {"dominant_stride", V::of(R.DominantStride), true},
            {"address_min", V::textOrNull(R.MinAddress ? formatAddress(R.Kind, *R.MinAddress) : "")},
            {"address_max", V::textOrNull(R.MaxAddress ? formatAddress(R.Kind, *R.MaxAddress) : "")}};
  });
}

void writeMemorySummaryJson(std::ostream &OS, const std::vector<MemorySummaryRow> &Rows,
                            const NameTable &Names) {
  writeJsonRows(OS, memorySummaryOutputRows(Rows, Names));
}

const OutputTable &memorySummaryTable() {
  using C = ColumnType;
  static const OutputTable T{"sqtt_memory",
                             {{"kernel", C::Text},
                              {"code_object", C::Integer},
                              {"marker_id", C::Integer},
                              {"kind", C::Text},
                              {"source", C::Text},
                              {"base", C::Text},
                              {"access_bytes", C::Integer},
                              {"access_bytes_assumed", C::Integer},
                              {"executions", C::Integer},
                              {"active_lanes", C::Integer},
                              {"unique_addresses", C::Integer},
                              {"cache_lines_128b", C::Integer},
                              {"ideal_cache_lines_128b", C::Integer},
                              {"lines_per_execution", C::Real},
                              {"ideal_lines_per_execution", C::Real},
                              {"lines_vs_ideal", C::Real},
                              {"efficiency", C::Real},
                              {"lds_passes", C::Integer},
                              {"lds_passes_per_execution", C::Real},
                              {"lds_bank_conflict_extra_cycles", C::Integer},
                              {"lds_bank_worst_set_ways", C::Integer},
                              {"lds_bank_mean_worst_set_ways", C::Real},
                              {"dominant_stride", C::Integer},
                              {"address_min", C::Text},
                              {"address_max", C::Text}}};
  return T;
}

OutputRows memoryObjectOutputRows(const std::vector<MemoryObjectRow> &Rows, const NameTable &Names) {
  using V = FieldValue;
  return outputRowsOf(Rows, [&Names](const MemoryObjectRow &R) -> OutputRow {
    return {{"kernel", V::textOrNull(Names.str(R.Kernel))},
            {"object", V::textOrNull(Names.str(R.Base))},
            {"operations", V::integer(R.Operations)},
            {"executions", V::integer(R.Executions)},
            {"bytes", V::integer(R.Bytes)},
            {"width_assumed", V::boolean(R.WidthAssumed)},
            {"cache_lines_128b", V::of(R.CacheLines)},
            {"efficiency", V::of(R.efficiency())},
            {"lds_passes", V::of(R.ConflictWays)},
            {"lds_bank_conflict_extra_cycles", V::of(R.ExtraCycles)},
            {"lds_bank_worst_set_ways", V::of(R.WorstSetWays)}};
  });
}

void writeMemoryObjectsJson(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names) {
  writeJsonRows(OS, memoryObjectOutputRows(Rows, Names));
}

const OutputTable &memoryObjectsTable() {
  using C = ColumnType;
  static const OutputTable T{"sqtt_memory_objects",
                             {{"kernel", C::Text},
                              {"object", C::Text},
                              {"operations", C::Integer},
                              {"executions", C::Integer},
                              {"bytes", C::Integer},
                              {"width_assumed", C::Integer},
                              {"cache_lines_128b", C::Integer},
                              {"efficiency", C::Real},
                              {"lds_passes", C::Integer},
                              {"lds_bank_conflict_extra_cycles", C::Integer},
                              {"lds_bank_worst_set_ways", C::Integer}}};
  return T;
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
