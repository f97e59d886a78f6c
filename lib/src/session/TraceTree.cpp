// TraceTree.cpp - finding the trace directories and code objects of a
// rocprofv3 --att output tree: one walk, each file offered to the formats
// (TraceFormats.h), then the choice between JSON and .att (D32) and the
// split by process (D23).
#include "sqtt/session/TraceTree.h"
#include "TraceFormats.h"
#include "sqtt/support/Error.h"
#include "sqtt/uitree/TreeLayout.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace sqtt {

namespace {

/// rocprofv3's code object files: "*code_object_id_<N>*.out".
bool isCodeObjectName(const fs::path &Path) {
  return Path.filename().string().find("code_object_id") != std::string::npos && Path.extension() == ".out";
}

/// D32: which trace directories are read from JSON and which from .att.
void selectTraceFiles(TraceTree &Tree, std::set<std::string> &Dirs, std::map<std::string, AttCapture> Captures,
                      TraceFrom From) {
  if (From == TraceFrom::Json)
    Captures.clear();
  if (From == TraceFrom::Att) {
    for (const std::string &D : Dirs)
      if (!Captures.count(D))
        Tree.Warnings.push_back(D + ": no .att files of this dispatch beside it (expected in a sibling "
                                    "directory); skipped under --from att");
    Dirs.clear();
    Tree.MarkerDirs.clear();
  }
  for (auto &[Name, Capture] : Captures) {
    if (Dirs.count(Name))
      continue; // Auto: rocprofv3 decoded this one
    Dirs.insert(Name);
    Tree.DirProcess[Name] = Capture.Pid;
    Tree.AttCaptures[Name] = std::move(Capture);
  }
  Tree.TraceDirs.assign(Dirs.begin(), Dirs.end());
}

} // namespace

TraceTree discoverTraceTree(const std::string &Base) {
  std::error_code EC;
  if (!fs::is_directory(Base, EC))
    throw Error(Base + ": not a directory");
  TraceTree Tree;
  TraceFinds Finds;
  std::vector<std::string> Objects;
  for (auto It = fs::recursive_directory_iterator(Base, fs::directory_options::skip_permission_denied, EC);
       It != fs::recursive_directory_iterator(); It.increment(EC)) {
    if (EC)
      break;
    const bool Regular = It->is_regular_file(EC);
    bool Claimed = false;
    for (const TraceFormat &F : traceFormats())
      if ((Claimed = F.discover(It->path(), Regular, Finds)))
        break;
    bool CodeObject = !Claimed && isCodeObjectName(It->path());
    if (!Regular) {
      // A FIFO or device under a trace file's name is not read (it could
      // block forever), and not skipped silently either.
      if ((Claimed || CodeObject) && !It->is_directory(EC))
        Tree.Warnings.push_back(It->path().string() + ": not a regular file; skipped");
      continue;
    }
    if (CodeObject)
      Objects.push_back(It->path().string());
  }
  Tree.TraceDirs.assign(Finds.Dirs.begin(), Finds.Dirs.end());
  Tree.MarkerDirs = std::move(Finds.MarkerDirs);
  for (const std::string &Path : Finds.Databases) {
    std::string Note;
    std::optional<rocpd::Database> Db = rocpd::Database::open(Path, Note);
    if (!Db) {
      Tree.Notes.push_back(Note);
      continue;
    }
    std::optional<uint64_t> Pid = rocpd::pidOfDatabaseName(fs::path(Path).filename().string());
    Tree.Rocpd[Pid.value_or(0)] = std::make_shared<const rocpd::Database>(std::move(*Db));
  }
  Tree.AttCaptures = std::move(Finds.Captures);
  for (const std::string &D : Tree.TraceDirs) {
    auto It = Finds.AttPids.end();
    if (auto Key = uitree::dispatchOfDirName(fs::path(D).filename().string()))
      It = Finds.AttPids.find(*Key);
    if (It != Finds.AttPids.end() && It->second.size() == 1)
      Tree.DirProcess[D] = *It->second.begin();
  }
  std::sort(Objects.begin(), Objects.end());
  for (const std::string &P : Objects) {
    uint64_t ID;
    if (codeObjectIdFromName(P, ID))
      Tree.CodeObjects.push_back({ID, P, codeObjectPidFromName(P)});
    else
      Tree.Warnings.push_back("cannot extract code_object_id from " + P + "; skipped");
  }
  return Tree;
}

const rocpd::Database *TraceTree::rocpdOf(std::optional<uint64_t> Pid) const {
  if (Pid)
    if (auto It = Rocpd.find(*Pid); It != Rocpd.end())
      return It->second.get();
  return Rocpd.size() == 1 && (!Pid || Rocpd.begin()->first == 0) ? Rocpd.begin()->second.get() : nullptr;
}

std::vector<CodeObjectPath> codeObjectsByName(const std::vector<std::string> &Paths) { return codeObjectsGiven(Paths); }

TraceTree gatherTraceInputs(const std::vector<std::string> &Inputs, TraceFrom From) {
  TraceTree Tree;
  std::map<std::string, AttCapture> Captures;
  std::vector<std::string> Given;
  std::set<std::string> Dirs;
  std::vector<CodeObjectPath> Found;
  for (const std::string &In : Inputs) {
    std::error_code EC;
    // A code object given as ID=PATH (codeObjectsGiven).
    if (size_t Eq = In.find('='); !fs::exists(In, EC) && Eq != std::string::npos && Eq > 0 &&
                                  In.find_first_not_of("0123456789") == Eq && fs::is_regular_file(In.substr(Eq + 1), EC)) {
      Given.push_back(In);
      continue;
    }
    if (!fs::exists(In, EC))
      throw Error(In + ": does not exist");
    if (fs::path(In).extension() == ".att" && !fs::is_directory(In, EC)) {
      addAttFile(In, Captures);
      continue;
    }
    if (!fs::is_directory(In, EC)) {
      Given.push_back(In);
      continue;
    }
    TraceTree Sub = discoverTraceTree(In);
    Dirs.insert(Sub.TraceDirs.begin(), Sub.TraceDirs.end());
    Tree.MarkerDirs.insert(Sub.MarkerDirs.begin(), Sub.MarkerDirs.end());
    Tree.DirProcess.insert(Sub.DirProcess.begin(), Sub.DirProcess.end());
    for (auto &[Name, Capture] : Sub.AttCaptures)
      for (const auto &[SE, File] : Capture.Files)
        addAttFile(File, Captures);
    Found.insert(Found.end(), Sub.CodeObjects.begin(), Sub.CodeObjects.end());
    Tree.Warnings.insert(Tree.Warnings.end(), Sub.Warnings.begin(), Sub.Warnings.end());
    Tree.Notes.insert(Tree.Notes.end(), Sub.Notes.begin(), Sub.Notes.end());
    Tree.Rocpd.insert(Sub.Rocpd.begin(), Sub.Rocpd.end());
  }
  selectTraceFiles(Tree, Dirs, std::move(Captures), From);
  Tree.CodeObjects = codeObjectsByName(Given);
  std::map<std::pair<std::optional<uint64_t>, uint64_t>, std::string> ByID; // (pid, id)
  for (const CodeObjectPath &CO : Tree.CodeObjects)
    ByID[{CO.Pid, CO.ID}] = CO.Path;
  for (const CodeObjectPath &CO : Found) {
    auto [It, New] = ByID.try_emplace({CO.Pid, CO.ID}, CO.Path);
    if (New)
      Tree.CodeObjects.push_back(CO);
    else if (It->second != CO.Path)
      Tree.Warnings.push_back("code object id " + std::to_string(CO.ID) + " has two files (" + It->second +
                              ", " + CO.Path + "); using the first");
  }
  return Tree;
}

ProcessGroups groupByProcess(const TraceTree &Tree, std::optional<uint64_t> OnlyPid,
                             std::vector<std::string> &Warnings) {
  std::set<uint64_t> Pids;
  std::vector<CodeObjectPath> Shared; // no process prefix: every process's
  for (const CodeObjectPath &CO : Tree.CodeObjects) {
    if (CO.Pid)
      Pids.insert(*CO.Pid);
    else
      Shared.push_back(CO);
  }
  for (const auto &[Dir, Pid] : Tree.DirProcess)
    Pids.insert(Pid);
  if (OnlyPid && !Pids.count(*OnlyPid)) {
    std::string Known;
    for (uint64_t P : Pids)
      Known += (Known.empty() ? "" : ", ") + std::to_string(P);
    throw Error("process " + std::to_string(*OnlyPid) + " has no code objects or trace directories here" +
                (Known.empty() ? " (no file names a process)" : " (processes: " + Known + ")"));
  }

  ProcessGroups Out;
  std::map<uint64_t, size_t> GroupOf;
  auto GroupFor = [&](std::optional<uint64_t> Pid) {
    if (!Pid) {
      if (GroupOf.count(UINT64_MAX) == 0) {
        GroupOf[UINT64_MAX] = Out.Groups.size();
        Out.Groups.push_back({std::nullopt, Tree.CodeObjects}); // every code object
      }
      return GroupOf[UINT64_MAX];
    }
    auto [It, New] = GroupOf.try_emplace(*Pid, Out.Groups.size());
    if (New) {
      // The process's own files, then those without a process (given ones
      // first): one of those replaces an own file of its ID, said once.
      ProcessInputs G{Pid, {}};
      for (const CodeObjectPath &CO : Tree.CodeObjects)
        if (CO.Pid == Pid)
          G.CodeObjects.push_back(CO);
      for (const CodeObjectPath &S : Shared) {
        auto Own = std::find_if(G.CodeObjects.begin(), G.CodeObjects.end(),
                                [&](const CodeObjectPath &CO) { return CO.ID == S.ID && CO.Pid; });
        if (Own != G.CodeObjects.end()) {
          Warnings.push_back("code object id " + std::to_string(S.ID) + ": " + S.Path + " is used instead of " +
                             Own->Path + " (process " + std::to_string(*Pid) + ")");
          *Own = S;
        } else {
          G.CodeObjects.push_back(S);
        }
      }
      Out.Groups.push_back(std::move(G));
    }
    return It->second;
  };

  // Two files of one ID among every code object: where a directory's process
  // is unknown, nothing separates them.
  std::string Collision;
  std::map<uint64_t, std::string> FileOfID;
  for (const CodeObjectPath &CO : Tree.CodeObjects) {
    auto [It, New] = FileOfID.try_emplace(CO.ID, CO.Path);
    if (!New && Collision.empty())
      Collision = "code object id " + std::to_string(CO.ID) + " has files of several processes (" +
                  It->second + ", " + CO.Path + ")";
  }

  for (const std::string &Dir : Tree.TraceDirs) {
    auto Known = Tree.DirProcess.find(Dir);
    std::optional<uint64_t> Pid;
    if (Known != Tree.DirProcess.end())
      Pid = Known->second;
    if (Pids.size() <= 1) {
      // One process or none: every code object is that process's.
      if (OnlyPid && Pid && *Pid != *OnlyPid)
        continue;
      Out.TraceDirs.push_back(Dir);
      Out.GroupOfDir.push_back(GroupFor(Pids.empty() ? std::nullopt : std::optional<uint64_t>(*Pids.begin())));
      continue;
    }
    if (OnlyPid) {
      if (Pid && *Pid != *OnlyPid)
        continue;
      if (!Pid)
        Warnings.push_back(Dir + ": no .att file names its process; analysed as process " +
                           std::to_string(*OnlyPid) + ", the one selected");
      Pid = OnlyPid;
    }
    if (!Pid && !Collision.empty()) {
      if (Out.Undecided.empty())
        Out.Undecided = Dir + ": no .att file names its process, and " + Collision;
      continue;
    }
    Out.TraceDirs.push_back(Dir);
    Out.GroupOfDir.push_back(GroupFor(Pid));
  }
  return Out;
}

} // namespace sqtt
