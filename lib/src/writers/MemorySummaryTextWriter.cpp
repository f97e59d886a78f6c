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
  std::vector<std::string> Head = {"kernel",     "marker",     "kind",      "execs",     "lanes",
                                   "unique",     "lines",      "lines/exec", "ideal/exec", "x ideal",
                                   "bank ways",  "ways/exec",  "stride",    "address range",
                                   "source"};
  const std::vector<bool> Left = {true,  false, true,  false, false, false, false, false,
                                  false, false, false, false, false, true,  true};
  std::vector<std::vector<std::string>> Table = {Head};
  std::set<uint64_t> Sourceless;
  bool SourcelessUnknown = false;
  for (const MemorySummaryRow &R : Rows) {
    const std::string &Kernel = Names.str(R.Kernel), &Source = Names.str(R.Source);
    std::string Range = "-";
    if (R.MinAddress)
      Range = formatAddress(R.Kind, *R.MinAddress) + ".." + formatAddress(R.Kind, *R.MaxAddress);
    Table.push_back({Kernel.empty() ? "-" : Kernel, std::to_string(R.MarkerID),
                     addressKindName(R.Kind), std::to_string(R.Executions),
                     std::to_string(R.ActiveLanes), std::to_string(R.UniqueAddresses),
                     cell(R.CacheLines), cell(R.linesPerExecution()),
                     cell(R.idealLinesPerExecution()), cell(R.linesVsIdeal()), cell(R.ConflictWays),
                     cell(R.conflictWaysPerExecution()), cell(R.DominantStride), Range,
                     Source.empty() ? "-" : Source});
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
  OS << "(lines: distinct 128-byte lines per execution, summed; ideal: a contiguous 4-byte access "
        "by the same lanes; x ideal: lines over ideal; bank ways: per 32-lane group, the most distinct words in one of 32 "
        "LDS banks, summed, 1 = no conflict; stride: the most frequent address step between "
        "adjacent active lanes)\n";
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

} // namespace sqtt
