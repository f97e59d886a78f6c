// TableText.h - what the table writers share (the library's own header, not
// installed): cells as aligned columns, and CSV lines.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

/// Rows of cells as aligned columns: numbers right, text left, the last
/// column unpadded.
void writeAligned(std::ostream &OS, const std::vector<std::vector<std::string>> &Table,
                  bool (*Numeric)(size_t Column));
/// One CSV line; cells with a comma, quote or newline are quoted.
void writeCsvRow(std::ostream &OS, const std::vector<std::string> &Cells);

} // namespace sqtt
