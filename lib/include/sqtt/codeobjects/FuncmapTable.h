// FuncmapTable.h - a code object's funcmap as the rows users read.
//
// Joins the .sqtt_funcmap entries with the code object's symbols (the
// address of every kernel and of every function that kept a body) in the
// order sqtt-decode-funcmap prints: kernels first, then by marker ID.
#pragma once

#include "sqtt/codeobjects/CodeObjects.h"

#include <rocprof_trace_decoder/cxx/funcmap.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqtt {

namespace rtd = rocprof_trace_decoder::codeobj;

struct FuncmapRow {
  rtd::FuncmapEntryType Type = rtd::FuncmapEntryType::Point;
  std::optional<uint32_t> ID; // None for kernels.
  std::optional<uint64_t> Vaddr;
  std::string Name;        // As in the map (mangled).
  std::string DisplayName; // Demangled when asked for.
  std::string SourceLoc;
  uint32_t ExtraPayloadCount = 0;
  /// An address trace's width and base object (0 and "" when not said).
  uint32_t AccessBytes = 0;
  std::string Base;
  /// A function with no symbol left: it was inlined everywhere.
  bool Inlined = false;
};

class ElfImage;

struct FuncmapTable {
  std::string Target;
  std::string BundleEntryID;
  bool HasFuncmap = false;
  uint32_t WaveSize = 0;
  rtd::MarkerEncoding Encoding;
  std::vector<FuncmapRow> Rows;
  std::vector<rtd::FuncmapDiagnostic> Diagnostics;
  /// The plugin's configuration from the .sqtt_config section (D27), one
  /// per distinct translation unit setting ("key", "value" in order); none
  /// for code objects built before it or by another producer.
  using Setting = std::pair<std::string, std::string>;
  std::vector<std::vector<Setting>> Configs;
};

/// Builds the table of \p CO; \p Where names it in error messages.
FuncmapTable buildFuncmapTable(const CodeObject &CO, const std::string &Where,
                               bool Demangle);

const char *entryTypeName(rtd::FuncmapEntryType Type);

/// The error for a map that gives a marker ID two meanings (an -fgpu-rdc
/// device link without the plugin), naming \p Where and the fix; empty if
/// every ID is unique. Every reader that names markers would have to guess,
/// so none does (D18).
std::string markerIDConflict(const rtd::Funcmap &Map, const std::string &Where);
/// Throws markerIDConflict() as an Error, if any.
void requireUniqueMarkerIDs(const rtd::Funcmap &Map, const std::string &Where);

/// The Itanium demangling of \p Name, or \p Name itself.
std::string demangle(const std::string &Name);

/// The .sqtt_config section of \p Elf (D27), parsed: one entry per distinct
/// unit text.
std::vector<std::vector<FuncmapTable::Setting>> readConfigSection(const ElfImage &Elf);

} // namespace sqtt
