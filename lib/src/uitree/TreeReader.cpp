// TreeReader.cpp - a rocprofv3 tree's decoded JSON directory as a trace
// source (the readers of its files are beside it, one file each).
#include "TreeReaders.h"
#include "sqtt/uitree/MovedRecords.h"
#include "sqtt/uitree/TreeReader.h"

#include <algorithm>
#include <filesystem>

namespace sqtt {

std::optional<std::string> treeFile(const std::string &Dir, const char *Name) {
  std::string Path = (std::filesystem::path(Dir) / Name).string();
  std::error_code EC;
  if (!std::filesystem::exists(Path, EC))
    return std::nullopt;
  return Path;
}

JsonTraceSource::JsonTraceSource(std::string Dir, std::vector<std::string> &Warnings)
    : Dir(std::move(Dir)), Warnings(Warnings) {
  // Engines in the order their first file is listed.
  for (const ShaderDataFile &F : listShaderData(this->Dir, Warnings)) {
    auto It = std::find(SEs.begin(), SEs.end(), F.SE);
    if (It == SEs.end()) {
      SEs.push_back(F.SE);
      Files.emplace_back();
      It = SEs.end() - 1;
    }
    Files[size_t(It - SEs.begin())].push_back(F);
  }
  Moved = listMovedRecords(this->Dir, Warnings);
}

void JsonTraceSource::readEngine(size_t E, std::vector<Record> &Records) const {
  std::vector<RecordFile> Unused;
  readEngineFiles(E, Records, Unused);
}

void JsonTraceSource::readEngineFiles(size_t E, std::vector<Record> &Records,
                                      std::vector<RecordFile> &Read) const {
  const size_t Begin = Records.size(), FirstFile = Read.size();
  for (const ShaderDataFile &F : Files[E]) {
    Read.push_back({Records.size(), F.Path});
    readShaderData(F, Records);
  }
  // The headers-only export's side file merged back in (MovedRecords.h):
  // the merged records are in the order its positions give.
  if (auto It = Moved.find(SEs[E]); It != Moved.end()) {
    mergeMovedRecords(It->second, Records);
    Read.resize(FirstFile);
    Read.push_back({Begin, It->second + " merged with the engine's shaderdata"});
  }
}

Occupancy JsonTraceSource::occupancy() { return readOccupancy(Dir, Warnings); }

std::optional<TracedKernel> JsonTraceSource::tracedKernel() { return readTracedKernel(Dir, Warnings); }

std::optional<CaptureClock> JsonTraceSource::clock() { return readCaptureClock(Dir, Warnings); }

InstructionCapture JsonTraceSource::instructions(const CaptureClock *Clock) {
  return readInstructionCapture(Dir, Clock, Warnings);
}

} // namespace sqtt
