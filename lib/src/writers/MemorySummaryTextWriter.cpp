// MemorySummaryTextWriter.cpp - the per-operation memory summary as a table.
//
// Totals first, then one row per (kernel, traced operation), costliest first,
// columns aligned (numbers to the right), "-" where a figure does not apply.
#include "sqtt/writers/MemoryWriters.h"

#include <algorithm>
#include <cstdio>

namespace sqtt {

namespace {

std::string list(const std::set<int> &S) {
  std::string Out = "[";
  for (int V : S)
    Out += (Out.size() > 1 ? ", " : "") + std::to_string(V);
  return Out + "]";
}

template <typename T> std::string cell(const std::optional<T> &V) {
  if (!V)
    return "-";
  if constexpr (std::is_floating_point_v<T>) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "%.2f", *V);
    return Buf;
  } else {
    return std::to_string(*V);
  }
}

} // namespace

void writeMemorySummaryText(std::ostream &OS, const MemorySummary &Summary,
                            const std::vector<MemorySummaryRow> &Rows, const NameTable &Names) {
  if (Rows.empty()) {
    OS << "No address traces found.\n";
    return;
  }
  OS << "Address trace summary:\n  operations: " << Summary.Operations
     << "\n  addresses:  " << Summary.Addresses << "\n  shader engines: " << list(Summary.SEs)
     << "\n  CUs: " << list(Summary.CUs) << "\n  SIMDs: " << list(Summary.SIMDs) << "\n";
  for (auto &[Kind, N] : Summary.PerKind)
    OS << "  " << Kind << ": " << N << "\n";

  // Left-aligned text columns, right-aligned numbers; the source, of any
  // length, comes last.
  std::vector<std::string> Head = {"kernel",    "marker",     "kind",       "width",     "object",
                                   "execs",     "lanes",      "unique",     "lines",     "lines/exec",
                                   "ideal/exec", "x ideal",   "efficiency", "bank ways", "mean ways",
                                   "extra cycles", "stride",  "address range", "source"};
  const std::vector<bool> Left = {true,  false, true,  false, true,  false, false, false, false, false,
                                  false, false, false, false, false, false, false, true,  true};
  std::vector<std::vector<std::string>> Table = {Head};
  std::set<uint64_t> Sourceless;
  bool SourcelessUnknown = false, AnyAssumed = false;
  for (const MemorySummaryRow &R : Rows) {
    const std::string &Kernel = Names.str(R.Kernel), &Source = Names.str(R.Source);
    std::string Range = "-";
    if (R.MinAddress)
      Range = formatAddress(R.Kind, *R.MinAddress) + ".." + formatAddress(R.Kind, *R.MaxAddress);
    const std::string &Base = Names.str(R.Base);
    AnyAssumed |= R.WidthAssumed;
    Table.push_back({Kernel.empty() ? "-" : Kernel, std::to_string(R.MarkerID),
                     addressKindName(R.Kind), std::to_string(R.AccessBytes) + (R.WidthAssumed ? "?" : ""),
                     Base.empty() ? "-" : Base, std::to_string(R.Executions),
                     std::to_string(R.ActiveLanes), std::to_string(R.UniqueAddresses),
                     cell(R.CacheLines), cell(R.linesPerExecution()),
                     cell(R.idealLinesPerExecution()), cell(R.linesVsIdeal()), cell(R.efficiency()),
                     cell(R.WorstSetWays), cell(R.meanWorstSetWays()), cell(R.ExtraCycles),
                     cell(R.DominantStride), Range, Source.empty() ? "-" : Source});
    if (Source.empty()) {
      if (R.CodeObject)
        Sourceless.insert(*R.CodeObject);
      else
        SourcelessUnknown = true;
    }
  }
  std::vector<size_t> Width(Head.size(), 0);
  for (const auto &Row : Table)
    for (size_t C = 0; C < Row.size(); ++C)
      Width[C] = std::max(Width[C], Row[C].size());
  OS << "\n";
  for (const auto &Row : Table) {
    std::string Line;
    for (size_t C = 0; C < Row.size(); ++C) {
      size_t Pad = Width[C] - Row[C].size();
      if (C)
        Line += "  ";
      if (!Left[C])
        Line.append(Pad, ' ');
      Line += Row[C];
      if (Left[C] && C + 1 < Row.size())
        Line.append(Pad, ' ');
    }
    OS << Line << "\n";
  }
  OS << "(width: bytes a lane moves; lines: distinct 128-byte lines the lanes' bytes touch, summed over "
        "executions; ideal: ceil(lanes x width / 128); x ideal: lines over ideal; efficiency: bytes requested over "
        "bytes of the lines touched; bank ways: the worst lane set's most distinct dwords in one of 32 LDS banks "
        "(lane sets: wave64 Omniprobe's, by width; wave32 128 bytes a pass in lane order), 1 = no conflict; mean "
        "ways: the worst set's ways on average over executions; extra cycles: the passes conflicts add, summed; stride: the most frequent address step between adjacent active lanes)\n";
  if (AnyAssumed)
    OS << "note: widths marked '?' are not in the code object's map (built before the plugin recorded them): "
          "4 bytes are assumed\n";
  if (!Sourceless.empty() || SourcelessUnknown) {
    std::string Which;
    for (uint64_t CO : Sourceless)
      Which += (Which.empty() ? "" : ", ") + std::to_string(CO);
    OS << "note: "
       << (Which.empty() ? std::string("some traced operations have")
                         : "code object" + std::string(Sourceless.size() > 1 ? "s " : " ") + Which +
                               (Sourceless.size() > 1 ? " have" : " has"))
       << " no source locations; compile with -gline-tables-only (or -g) to see the source line "
          "of each operation\n";
  }
}

void writeMemoryObjectsText(std::ostream &OS, const std::vector<MemoryObjectRow> &Rows, const NameTable &Names) {
  std::vector<std::vector<std::string>> Table = {
      {"kernel", "object", "operations", "execs", "bytes", "lines", "efficiency", "bank ways", "extra cycles"}};
  for (const MemoryObjectRow &R : Rows) {
    const std::string &Kernel = Names.str(R.Kernel), &Base = Names.str(R.Base);
    Table.push_back({Kernel.empty() ? "-" : Kernel, Base.empty() ? "-" : Base, std::to_string(R.Operations),
                     std::to_string(R.Executions), std::to_string(R.Bytes) + (R.WidthAssumed ? "?" : ""),
                     cell(R.CacheLines), cell(R.efficiency()), cell(R.WorstSetWays), cell(R.ExtraCycles)});
  }
  std::vector<size_t> Width(Table.front().size(), 0);
  for (const auto &Row : Table)
    for (size_t C = 0; C < Row.size(); ++C)
      Width[C] = std::max(Width[C], Row[C].size());
  for (const auto &Row : Table) {
    std::string Line;
    for (size_t C = 0; C < Row.size(); ++C) {
      size_t Pad = Width[C] - Row[C].size();
      if (C)
        Line += "  ";
      if (C >= 2)
        Line.append(Pad, ' ');
      Line += Row[C];
      if (C < 2)
        Line.append(Pad, ' ');
    }
    OS << Line << "\n";
  }
}

} // namespace sqtt
