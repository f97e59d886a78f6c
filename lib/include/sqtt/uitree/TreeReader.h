// TreeReader.h - reading a rocprofv3 --att output tree's decoded JSON
// (FORMATS §1, §2, §12): the trace source over one ui_* directory and the
// readers of its files. Which files the tree holds and how they are named is
// TreeLayout.h's. Implemented by concern in lib/src/uitree: TreeReader.cpp,
// ShaderData.cpp (which files, and their records), RecordScanner.cpp (the
// records array), OccupancyJson.cpp, RealtimeJson.cpp, CodeJsonLabel.cpp,
// WaveFiles.cpp and MovedRecords.cpp. Malformed input is an Error naming the
// file and what is wrong.
#pragma once

#include "sqtt/trace/CaptureClock.h"
#include "sqtt/trace/Occupancy.h"
#include "sqtt/trace/TraceModel.h"
#include "sqtt/trace/TraceSource.h"
#include "sqtt/trace/WaveInstructions.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt {

struct ShaderDataFile {
  uint32_t SE = 0;
  std::string Path;
};

/// The shaderdata files of a trace directory, in reading order.
std::vector<ShaderDataFile> listShaderData(const std::string &Dir,
                                           std::vector<std::string> &Warnings);

/// Appends the records of one shaderdata file (values masked to 32 bits).
/// Returns the number read.
size_t readShaderData(const ShaderDataFile &File, std::vector<Record> &Out);

class MappedFile;
/// The records array of a shaderdata text: appends the records and sets
/// [ArrayBegin, ArrayEnd) to the array's bytes (brackets included), so a
/// rewrite can keep everything around it. \p Map, if given, has its pages
/// released as they are read.
size_t readRecordsArray(std::string_view Text, const std::string &Path, std::vector<Record> &Out,
                        size_t &ArrayBegin, size_t &ArrayEnd, const MappedFile *Map = nullptr);

/// A rocprofv3 --att output directory's decoded JSON files (FORMATS §1, §2):
/// shaderdata files per engine (with the headers-only export's moved
/// records merged back), occupancy.json, code.json, realtime.json and the
/// wave files. Warnings about the files go to \p Warnings.
class JsonTraceSource : public TraceSource {
public:
  JsonTraceSource(std::string Dir, std::vector<std::string> &Warnings);
  const std::string &name() const override { return Dir; }
  const std::vector<uint32_t> &engines() const override { return SEs; }
  void readEngine(size_t E, std::vector<Record> &Records) const override;
  void readEngineFiles(size_t E, std::vector<Record> &Records, std::vector<RecordFile> &Files) const override;
  Occupancy occupancy() override;
  std::optional<TracedKernel> tracedKernel() override;
  std::optional<CaptureClock> clock() override;
  InstructionCapture instructions(const CaptureClock *Clock) override;

private:
  std::string Dir;
  std::vector<std::string> &Warnings;
  std::vector<uint32_t> SEs;
  std::vector<std::vector<ShaderDataFile>> Files; // per engine
  std::map<uint32_t, std::string> Moved;         // SE -> moved-records file
};

/// The kernel \p Dir traced, from the label row of its code.json (D22);
/// none without a code.json. A code.json without a readable label row is a
/// warning: dispatches are then matched by name.
std::optional<TracedKernel> readTracedKernel(const std::string &Dir, std::vector<std::string> &Warnings);

/// realtime.json of \p Dir, fitted; none without the file. A file that cannot
/// be used (malformed, fewer than two samples per SE, a clock that does not
/// advance) is a warning, and times stay as recorded.
std::optional<CaptureClock> readCaptureClock(const std::string &Dir, std::vector<std::string> &Warnings);
/// Parses the text of a realtime.json; \p Path names it in errors.
CaptureClock parseCaptureClock(std::string_view Text, const std::string &Path);

/// Reads occupancy.json of \p Dir; an empty Occupancy if it is missing.
Occupancy readOccupancy(const std::string &Dir, std::vector<std::string> &Warnings);
/// Parses the text of an occupancy.json; \p Path names it in errors.
Occupancy parseOccupancy(std::string_view Text, const std::string &Path);

/// Reads the wave files listed in \p Dir's filenames.json (or, without a
/// listing, those named se*_sm*_sl*_wv*.json) and code.json's rows. A file
/// that cannot be read or is malformed is a warning naming it and is left
/// out; \p Clock, when given, moves each wave onto the aligned axis.
InstructionCapture readInstructionCapture(const std::string &Dir, const CaptureClock *Clock,
                                          std::vector<std::string> &Warnings);
/// Parses the text of one wave file; \p Path names it in errors.
WaveInstructions parseWaveFile(std::string_view Text, const std::string &Path, uint32_t SE);
/// Parses code.json's rows; \p Path names it in errors.
std::vector<CodeLine> parseCodeListing(std::string_view Text, const std::string &Path);

} // namespace sqtt
