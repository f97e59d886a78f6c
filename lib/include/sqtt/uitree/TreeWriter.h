// TreeWriter.h - writing a rocprofv3 --att output tree (FORMATS §2, §12):
// the one writer of its shaderdata files and of a whole ui_* directory.
//
// The simulator streams its engines' records through ShaderDataWriter, the
// att step's headers-only copy (RcvExport.h) writes its headers and side
// files with it, and a dispatch read from any trace source becomes a ui_*
// directory through writeUiDirectory (sqtt-att on a tree that has only .att
// files, so that the att step and rocprof-compute-viewer find what they
// read). Compact JSON as rocprofv3 writes it; TreeLayout.h names the files.
#pragma once

#include "sqtt/support/OutputFiles.h"
#include "sqtt/trace/TraceSource.h"

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt {

/// Streams one shaderdata file to \p OS: {"type":"shaderdata", the caller's
/// \p Extra keys, "records_schema", "records": [[time, value, cu, simd,
/// wave_id, flags], ...], then "records_count", "begin_time" and
/// "end_time"} (counted as the records pass, so none is held). With
/// \p OnePerLine each record starts a line (what a reader's line-oriented
/// tools like); otherwise the array is one line.
class ShaderDataWriter {
public:
  explicit ShaderDataWriter(std::ostream &OS, std::string_view Extra = "", bool OnePerLine = false);
  void add(int64_t Time, uint32_t Value, unsigned CU, unsigned SIMD, unsigned Wave, unsigned Flags);
  void add(const Record &R) { add(R.Time, R.Value, R.CU, R.SIMD, R.Wave, R.Flags); }
  /// Closes the array and the object.
  void finish();
  size_t count() const { return Count; }
  /// The first and last record's times (0 without records).
  int64_t beginTime() const { return Begin; }
  int64_t endTime() const { return End; }

private:
  std::ostream &OS;
  bool OnePerLine;
  size_t Count = 0;
  int64_t Begin = 0, End = 0;
};

/// One engine's records (in time order) as a shaderdata file.
void writeShaderData(std::ostream &OS, const std::vector<Record> &Records);

/// filenames.json's shaderdata listing, engine by engine: {"<se>": [[file,
/// begin, end]], ...}.
class ShaderDataListing {
public:
  void add(uint32_t SE, const std::string &File, int64_t Begin, int64_t End);
  bool empty() const { return Entries.empty(); }
  /// The listing as a JSON object.
  std::string json() const { return "{" + Entries + "}"; }

private:
  std::string Entries;
};

struct UiDirectoryStats {
  size_t Records = 0, WaveRows = 0, Engines = 0;
};

/// The function symbol at an address of a code object, "" if none.
using SymbolLookup = std::function<std::string(uint64_t CodeObject, uint64_t Vaddr)>;

/// Writes \p Source's dispatch into \p Dir through \p Files (whole or not
/// at all, with the rest of the run): shaderdata_<se>_0.json per engine
/// with records (in time order), filenames.json, occupancy.json from the
/// source's capture rows and, where they have realtime samples,
/// realtime.json (Error for a source without rows). A
/// dispatch of one kernel whose symbol \p SymbolAt knows also gets code.json
/// with rocprofv3's label row (D22).
UiDirectoryStats writeUiDirectory(TraceSource &Source, const std::string &Dir, OutputFiles &Files,
                                  const SymbolLookup &SymbolAt = nullptr);

} // namespace sqtt
