// UiDirectoryWriter.h - a dispatch read from its raw .att files, written as
// the ui_* directory rocprofv3 decodes from them (FORMATS §2, §12):
// shaderdata_<se>_0.json per engine with records, filenames.json,
// occupancy.json, code.json's label row where the kernel is known and,
// where the streams have realtime samples, realtime.json; compact JSON with sorted keys, as rocprofv3 writes it. What
// sqtt-att does to a tree that has only .att files, so that the att step and
// rocprof-compute-viewer find what they read.
#pragma once

#include "sqtt/rawatt/AttTraceSource.h"
#include "sqtt/support/OutputFiles.h"

#include <functional>
#include <string>

namespace sqtt {

struct UiDirectoryStats {
  size_t Records = 0, WaveRows = 0, Engines = 0;
};

/// The function symbol at an address of a code object, "" if none.
using SymbolLookup = std::function<std::string(uint64_t CodeObject, uint64_t Vaddr)>;

/// Writes \p Source's dispatch into \p Dir through \p Files (whole or not
/// at all, with the rest of the run). A dispatch of one kernel whose symbol
/// \p SymbolAt knows also gets code.json with rocprofv3's label row (D22).
UiDirectoryStats writeUiDirectory(AttTraceSource &Source, const std::string &Dir, OutputFiles &Files,
                                  const SymbolLookup &SymbolAt = nullptr);

} // namespace sqtt
