// TraceFormats.h - the input formats a trace tree can hold, listed once
// (the session's own header, not installed). Each format offers the two
// things the session asks of it: discover (is a file the walk meets one of
// mine? then note it) and open (the trace source of a directory I found).
// A new format is one more entry in traceFormats(); neither the walk, the
// session nor the analysis changes.
#pragma once

#include "sqtt/rawatt/AttCapture.h"
#include "sqtt/session/TraceTree.h"
#include "sqtt/trace/MarkerResolver.h"
#include "sqtt/trace/TraceSource.h"

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sqtt {

/// What the formats found in one walk of a tree.
struct TraceFinds {
  /// Directories with the decoded JSON (shaderdata or occupancy): sorted.
  std::set<std::string> Dirs;
  /// Those with marker records (shaderdata).
  std::set<std::string> MarkerDirs;
  /// .att files by the dispatch directory rocprofv3 writes for them.
  std::map<std::string, AttCapture> Captures;
  /// The processes the .att files name per (agent, dispatch).
  std::map<std::pair<std::string, std::string>, std::set<uint64_t>> AttPids;
  /// rocprofv3's databases (*results.db): sorted.
  std::set<std::string> Databases;
};

struct TraceFormat {
  const char *Name;
  /// Offered every file the walk meets (\p Regular: a regular file, safe to
  /// read). Returns whether the file is named as one of the format's; notes
  /// it in \p Finds if it is regular. Throws Error for a file of the format
  /// that cannot be placed.
  bool (*discover)(const std::filesystem::path &File, bool Regular, TraceFinds &Finds);
  /// The trace source of \p Dir, or null when this format did not find it.
  /// \p Resolver's code objects place kernels the format cannot name.
  std::unique_ptr<TraceSource> (*open)(const TraceTree &Tree, const std::string &Dir,
                                       const MarkerResolver &Resolver, std::vector<std::string> &Warnings);
};

/// Every format: discover is asked in this order, and so is open, the first
/// source opened winning (the raw files where the session chose them, D32).
const std::vector<TraceFormat> &traceFormats();

/// Adds .att file \p Path to the capture it belongs to in \p Captures: the
/// directory rocprofv3 writes for its dispatch, beside the raw files'
/// directory. Throws Error for a name that places no shader engine and
/// dispatch, or a capture of two processes or with one engine twice.
void addAttFile(const std::filesystem::path &Path, std::map<std::string, AttCapture> &Captures);

} // namespace sqtt
