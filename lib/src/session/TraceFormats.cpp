// TraceFormats.cpp - the formats a trace tree can hold: rocprofv3's decoded
// JSON directories (uitree/) and the raw .att files (rawatt/, D32).
#include "TraceFormats.h"
#include "sqtt/rawatt/AttTraceSource.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"
#include "sqtt/uitree/TreeReader.h"

#include <algorithm>

namespace fs = std::filesystem;

namespace sqtt {

void addAttFile(const fs::path &Path, std::map<std::string, AttCapture> &Captures) {
  std::optional<rawatt::AttFileName> Id = rawatt::parseAttFileName(Path.filename().string());
  if (!Id || Id->SE > 255)
    throw Error(Path.string() + ": not a rocprofv3 .att name (" + rawatt::AttFilePattern +
                ", se 0-255): its shader engine and dispatch cannot be told");
  fs::path Out = Path.parent_path().parent_path();
  std::string Name = (Out / uitree::dispatchDirName(Id->Agent, Id->Dispatch)).string();
  AttCapture &C = Captures[Name];
  if (!C.Files.empty() && C.Pid != Id->Pid)
    throw Error(Path.string() + ": dispatch " + Id->Dispatch + " of agent " + Id->Agent +
                " is also traced by process " + std::to_string(C.Pid) + " (" + C.Files.front().second +
                "); give one process's files");
  C.Pid = Id->Pid;
  for (const auto &[Other, File] : C.Files)
    if (Other == Id->SE)
      throw Error(Path.string() + ": shader engine " + std::to_string(Id->SE) + " of this dispatch also has " +
                  File + "; one of them belongs to another capture");
  C.Files.emplace_back(Id->SE, Path.string());
  std::sort(C.Files.begin(), C.Files.end());
}

namespace {

// --- rocprofv3's decoded JSON: a directory per dispatch (uitree/) ----------
bool discoverJson(const fs::path &File, bool Regular, TraceFinds &Finds) {
  std::string Name = File.filename().string();
  bool Records = uitree::isShaderDataName(Name);
  if (!Records && Name != uitree::OccupancyFile)
    return false;
  if (Regular) {
    Finds.Dirs.insert(File.parent_path().string());
    if (Records)
      Finds.MarkerDirs.insert(File.parent_path().string());
  }
  // Only records files are warned of when not regular: an occupancy.json
  // that is not one is left as it always was.
  return Records || Regular;
}

std::unique_ptr<TraceSource> openJson(const TraceTree &, const std::string &Dir, const MarkerResolver &,
                                      std::vector<std::string> &Warnings) {
  return std::make_unique<JsonTraceSource>(Dir, Warnings);
}

// --- The raw .att files, one per shader engine (rawatt/, D32) --------------
bool discoverAtt(const fs::path &File, bool Regular, TraceFinds &Finds) {
  if (!Regular || File.extension() != ".att")
    return false;
  std::optional<rawatt::AttFileName> Id = rawatt::parseAttFileName(File.filename().string());
  if (!Id)
    return false;
  Finds.AttPids[{Id->Agent, Id->Dispatch}].insert(Id->Pid);
  addAttFile(File, Finds.Captures);
  return true;
}

std::unique_ptr<TraceSource> openAtt(const TraceTree &Tree, const std::string &Dir, const MarkerResolver &Resolver,
                                     std::vector<std::string> &Warnings) {
  auto It = Tree.AttCaptures.find(Dir);
  if (It == Tree.AttCaptures.end())
    return nullptr;
  // rocprofv3's database, where there is one, says exactly where each code
  // object was loaded: first in the evidence order (D34); else the code
  // objects' entries and the records.
  const rocpd::Database *Db = Tree.rocpdOf(It->second.Pid);
  KernelLocator Locate = [&Resolver, Db](uint64_t Pc, const RecordValues &Values, std::string &Why,
                                         std::string &Warning) -> std::optional<KernelEntry> {
    if (Db)
      if (std::optional<rocpd::PlacedAddress> P = Db->place(Pc))
        return KernelEntry{uint64_t(P->Object->Id), P->Vaddr};
    if (std::optional<UnnamedDispatch> K = Resolver.locateEntry(Pc, Values, Why, Warning))
      return KernelEntry{K->CodeObject, K->Vaddr};
    return std::nullopt;
  };
  return std::make_unique<AttTraceSource>(Dir, It->second, std::move(Locate), Warnings);
}

// --- rocprofv3's database beside the capture (rocpd/, ROCPD.md) ----------
// Not a trace: it places kernels and names dispatches of the traces above.
bool discoverRocpd(const fs::path &File, bool Regular, TraceFinds &Finds) {
  if (!rocpd::isDatabaseName(File.filename().string()))
    return false;
  if (Regular)
    Finds.Databases.insert(File.string());
  return true;
}

std::unique_ptr<TraceSource> openNothing(const TraceTree &, const std::string &, const MarkerResolver &,
                                         std::vector<std::string> &) {
  return nullptr;
}

} // namespace

const std::vector<TraceFormat> &traceFormats() {
  // The raw files open first: a directory is among their captures only
  // where the session chose them over the JSON (TraceFrom).
  static const std::vector<TraceFormat> Formats = {
      {"att", discoverAtt, openAtt},
      {"json", discoverJson, openJson},
      {"rocpd", discoverRocpd, openNothing},
  };
  return Formats;
}

} // namespace sqtt
