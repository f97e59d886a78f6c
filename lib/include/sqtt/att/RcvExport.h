// RcvExport.h - a copy of trace directories for rocprof-compute-viewer
// (sqtt-att --for-rcv).
//
// RCV decodes every shaderdata word as a marker header (FORMATS §13), so
// payload words and address blocks become bogus enters and exits in its
// marker tracks. The copy keeps only the headers in the shaderdata files and
// moves the other words, with their places, to side files this project's
// tools merge back in (MovedRecords.h); code.json carries the att step's
// tables (its K: rows tie each kernel to its code object for RCV).
#pragma once

#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceAnalysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sqtt {

class OutputFiles;

struct RcvExportStats {
  uint64_t Headers = 0, Moved = 0;
  size_t FilesCopied = 0;
};

/// Writes trace directory \p Dir to \p Out (created through \p Files):
/// every file of it copied but its shaderdata, which becomes one
/// headers-only file and one side file per shader engine, and its
/// filenames.json, which lists them.
RcvExportStats exportForRcv(const std::string &Dir, const std::string &Out, TraceAnalyzer &Analyzer,
                            MarkerResolver &Resolver, OutputFiles &Files, std::vector<std::string> &Warnings);

} // namespace sqtt
