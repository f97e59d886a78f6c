// TableText.cpp - cells as aligned columns, and CSV lines.
#include "TableText.h"

#include <algorithm>

namespace sqtt {

void writeAligned(std::ostream &OS, const std::vector<std::vector<std::string>> &Table,
                  bool (*Numeric)(size_t Column)) {
  size_t N = Table.front().size();
  std::vector<size_t> Width(N, 0);
  for (const auto &Row : Table)
    for (size_t C = 0; C < N; ++C)
      Width[C] = std::max(Width[C], Row[C].size());
  for (const auto &Row : Table) {
    std::string Line;
    for (size_t C = 0; C < N; ++C) {
      const std::string &Cell = Row[C];
      std::string Pad(Width[C] - Cell.size(), ' ');
      if (C)
        Line += "  ";
      Line += Numeric(C) ? Pad + Cell : (C + 1 == N ? Cell : Cell + Pad);
    }
    OS << Line << '\n';
  }
}

void writeCsvRow(std::ostream &OS, const std::vector<std::string> &Cells) {
  for (size_t C = 0; C < Cells.size(); ++C) {
    const std::string &Cell = Cells[C];
    std::string Out = Cell;
    if (Cell.find_first_of(",\"\n") != std::string::npos) {
      Out = "\"";
      for (char Ch : Cell)
        Out += Ch == '"' ? std::string("\"\"") : std::string(1, Ch);
      Out += "\"";
    }
    OS << (C ? "," : "") << Out;
  }
  OS << '\n';
}

} // namespace sqtt
