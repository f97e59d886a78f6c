// InstructionStatsWriter.cpp - sqtt-stats --instructions as an aligned
// table, CSV or JSON.
#include "TableText.h"
#include "sqtt/support/JsonString.h"
#include "sqtt/writers/StatsWriters.h"

#include <cstdio>
#include <sstream>
#include <string>

namespace sqtt {

namespace {

/// The categories any row has instructions of, in category order.
std::vector<unsigned> usedCategories(const std::vector<InstructionRow> &Rows) {
  std::vector<unsigned> Used;
  for (unsigned C = 0; C < InstCategories; ++C)
    for (const InstructionRow &R : Rows)
      if (R.ByCategory[C].Count) {
        Used.push_back(C);
        break;
      }
  return Used;
}

std::vector<std::string> header(const std::vector<unsigned> &Categories, const char *Suffix) {
  std::vector<std::string> H = {"kernel", "scope", "kind", "waves", "instructions", "cycles", "inserted_cycles",
                                "stall_cycles", "idle_cycles"};
  for (unsigned C : Categories)
    H.push_back(instCategoryName(C) + std::string(Suffix));
  return H;
}

std::vector<std::string> cells(const InstructionRow &R, const std::vector<unsigned> &Categories) {
  auto N = [](uint64_t V) { return std::to_string(V); };
  std::vector<std::string> Cells = {R.Kernel,           R.Scope,           statKindName(R.Kind),
                                    N(R.Waves),         N(R.Total.Count),  N(R.Total.Cycles),
                                    N(R.Inserted.Cycles), N(R.Total.Stall), N(R.StateCycles[1])};
  for (unsigned C : Categories)
    Cells.push_back(N(R.ByCategory[C].Cycles));
  return Cells;
}

/// "0x1a40 v_add_f32 v1, v2, v3": the address when code.json has one.
std::string isaText(const InstructionRow::IsaLine &L) {
  if (!L.Vaddr)
    return L.Isa;
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%llx ", (unsigned long long)L.Vaddr);
  return Buf + L.Isa;
}

std::string shownSource(const std::string &S) { return S.empty() ? "(no source)" : S; }

/// "yes" for an instruction the plugin inserted (the top ISA lines' column).
std::string insertedText(const InstructionRow::IsaLine &L) { return L.Inserted ? "yes" : "-"; }

} // namespace

void writeInstructionsTable(std::ostream &OS, const std::vector<InstructionRow> &Rows) {
  std::vector<unsigned> Categories = usedCategories(Rows);
  std::vector<std::vector<std::string>> Table{header(Categories, "")};
  for (const InstructionRow &R : Rows) {
    Table.push_back(cells(R, Categories));
    if (Table.back()[0].empty())
      Table.back()[0] = "(no dispatch)";
  }
  writeAligned(OS, Table, [](size_t C) { return C >= 3; });
  for (const InstructionRow &R : Rows) {
    if (R.TopIsa.empty())
      continue;
    OS << '\n' << (R.Kernel.empty() ? "(no dispatch)" : R.Kernel) << " / " << R.Scope << ":";
    if (R.Inserted.Cycles && R.Total.Cycles) {
      char Share[96];
      std::snprintf(Share, sizeof Share, " %llu of %llu cycles (%.1f %%) in instructions the plugin inserted",
                    (unsigned long long)R.Inserted.Cycles, (unsigned long long)R.Total.Cycles,
                    100.0 * double(R.Inserted.Cycles) / double(R.Total.Cycles));
      OS << Share;
    }
    OS << '\n';
    std::vector<std::vector<std::string>> Lines{{"  cycles", "count", "stall", "inserted", "isa", "source"}};
    for (const InstructionRow::IsaLine &L : R.TopIsa)
      Lines.push_back({"  " + std::to_string(L.Cost.Cycles), std::to_string(L.Cost.Count),
                       std::to_string(L.Cost.Stall), insertedText(L), isaText(L), shownSource(L.Source)});
    writeAligned(OS, Lines, [](size_t C) { return C <= 2; });
    std::vector<std::vector<std::string>> Sources{{"  cycles", "count", "stall", "source line"}};
    for (const InstructionRow::SourceLine &L : R.TopSource)
      Sources.push_back({"  " + std::to_string(L.Cost.Cycles), std::to_string(L.Cost.Count),
                         std::to_string(L.Cost.Stall), shownSource(L.Source)});
    writeAligned(OS, Sources, [](size_t C) { return C <= 2; });
  }
}

void writeInstructionsCsv(std::ostream &OS, const std::vector<InstructionRow> &Rows) {
  std::vector<unsigned> Categories = usedCategories(Rows);
  std::vector<std::string> H = header(Categories, "_cycles");
  H.push_back("top_isa");
  H.push_back("top_source");
  writeCsvRow(OS, H);
  for (const InstructionRow &R : Rows) {
    std::vector<std::string> Cells = cells(R, Categories);
    std::string Isa, Source;
    for (const InstructionRow::IsaLine &L : R.TopIsa)
      Isa += (Isa.empty() ? "" : " | ") + std::to_string(L.Cost.Cycles) + ":" + (L.Inserted ? "[inserted] " : "") +
             isaText(L);
    for (const InstructionRow::SourceLine &L : R.TopSource)
      Source += (Source.empty() ? "" : " | ") + std::to_string(L.Cost.Cycles) + ":" + shownSource(L.Source);
    Cells.push_back(Isa);
    Cells.push_back(Source);
    writeCsvRow(OS, Cells);
  }
}

namespace {

void writeCost(std::ostream &OS, const InstructionCost &C) {
  OS << "\"count\": " << C.Count << ", \"cycles\": " << C.Cycles << ", \"stall_cycles\": " << C.Stall;
}

} // namespace

namespace {

std::string statesJson(const InstructionRow &R) {
  std::ostringstream OS;
  OS << '{';
  for (unsigned S = 1, First = 1; S <= WaveStates; ++S) {
    unsigned State = S % WaveStates; // OTHER last
    if (State == 0 && R.StateCycles[0] == 0)
      continue;
    OS << (First ? "" : ", ") << '"' << waveStateName(State) << "\": " << R.StateCycles[State];
    First = 0;
  }
  OS << '}';
  return OS.str();
}

std::string categoriesJson(const InstructionRow &R) {
  std::ostringstream OS;
  OS << '{';
  bool First = true;
  for (unsigned C = 0; C < InstCategories; ++C) {
    if (!R.ByCategory[C].Count)
      continue;
    OS << (First ? "" : ", ") << '"' << instCategoryName(C) << "\": {";
    writeCost(OS, R.ByCategory[C]);
    OS << "}";
    First = false;
  }
  OS << '}';
  return OS.str();
}

std::string topIsaJson(const InstructionRow &R) {
  std::ostringstream OS;
  OS << '[';
  for (size_t L = 0; L < R.TopIsa.size(); ++L) {
    const InstructionRow::IsaLine &Line = R.TopIsa[L];
    OS << (L ? ", " : "") << "{\"isa\": ";
    writeJsonString(OS, Line.Isa);
    OS << ", \"source\": ";
    writeJsonString(OS, Line.Source);
    OS << ", \"code_object\": " << Line.CodeObject << ", \"vaddr\": " << Line.Vaddr
       << ", \"inserted\": " << (Line.Inserted ? "true" : "false") << ", ";
    writeCost(OS, Line.Cost);
    OS << "}";
  }
  OS << ']';
  return OS.str();
}

std::string topSourceJson(const InstructionRow &R) {
  std::ostringstream OS;
  OS << '[';
  for (size_t L = 0; L < R.TopSource.size(); ++L) {
    OS << (L ? ", " : "") << "{\"source\": ";
    writeJsonString(OS, R.TopSource[L].Source);
    OS << ", ";
    writeCost(OS, R.TopSource[L].Cost);
    OS << "}";
  }
  OS << ']';
  return OS.str();
}

} // namespace

OutputRows instructionOutputRows(const std::vector<InstructionRow> &Rows) {
  return outputRowsOf(Rows, [](const InstructionRow &R) -> OutputRow {
    return {{"kernel", FieldValue::text(R.Kernel)},
            {"scope", FieldValue::text(R.Scope)},
            {"kind", FieldValue::text(statKindName(R.Kind))},
            {"waves", FieldValue::integer(R.Waves)},
            {"instructions", FieldValue::integer(R.Total.Count)},
            {"cycles", FieldValue::integer(R.Total.Cycles)},
            {"stall_cycles", FieldValue::integer(R.Total.Stall)},
            {"inserted_instructions", FieldValue::integer(R.Inserted.Count)},
            {"inserted_cycles", FieldValue::integer(R.Inserted.Cycles)},
            {"states", FieldValue::json(statesJson(R)), true},
            {"categories", FieldValue::json(categoriesJson(R)), true},
            {"top_isa", FieldValue::json(topIsaJson(R)), true},
            {"top_source", FieldValue::json(topSourceJson(R)), true}};
  });
}

void writeInstructionsJson(std::ostream &OS, const std::vector<InstructionRow> &Rows) {
  writeJsonRows(OS, instructionOutputRows(Rows));
}

const OutputTable &instructionsTable() {
  static const OutputTable T{"sqtt_instructions",
                             {{"kernel", ColumnType::Text},
                              {"scope", ColumnType::Text},
                              {"kind", ColumnType::Text},
                              {"waves", ColumnType::Integer},
                              {"instructions", ColumnType::Integer},
                              {"cycles", ColumnType::Integer},
                              {"stall_cycles", ColumnType::Integer},
                              {"inserted_instructions", ColumnType::Integer},
                              {"inserted_cycles", ColumnType::Integer},
                              {"states", ColumnType::Text},
                              {"categories", ColumnType::Text},
                              {"top_isa", ColumnType::Text},
                              {"top_source", ColumnType::Text}}};
  return T;
}

} // namespace sqtt
