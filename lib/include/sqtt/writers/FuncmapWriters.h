// FuncmapWriters.h - sqtt-decode-funcmap's output formats, one writer each.
#pragma once

#include "sqtt/codeobjects/FuncmapTable.h"

#include <ostream>
#include <string>
#include <vector>

namespace sqtt {

/// The specification's table: optional marker_encoding and wave_size lines,
/// then "Type ID Vaddr Name" columns.
void writeFuncmapText(std::ostream &OS, const FuncmapTable &Table);

/// The same data as one JSON document for all code objects of \p File.
void writeFuncmapJson(std::ostream &OS, const std::string &File,
                      const std::vector<FuncmapTable> &Tables);

} // namespace sqtt
