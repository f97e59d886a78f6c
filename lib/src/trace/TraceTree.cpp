// TraceTree.cpp - finding the trace directories and code objects of a
// rocprofv3 --att output tree.
#include "sqtt/trace/TraceFiles.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace sqtt {

bool codeObjectIdFromName(const std::string &Path, uint64_t &ID) {
  static const std::regex Pattern("code_object_id_([0-9]+)");
  std::smatch M;
  std::string Name = fs::path(Path).filename().string();
  if (!std::regex_search(Name, M, Pattern))
    return false;
  ID = std::stoull(M[1].str());
  return true;
}

TraceTree discoverTraceTree(const std::string &Base) {
  std::error_code EC;
  if (!fs::is_directory(Base, EC))
    throw Error(Base + ": not a directory");
  TraceTree Tree;
  std::set<std::string> Dirs;
  std::vector<std::string> Objects;
  for (auto It = fs::recursive_directory_iterator(Base, fs::directory_options::skip_permission_denied, EC);
       It != fs::recursive_directory_iterator(); It.increment(EC)) {
    if (EC)
      break;
    std::string Name = It->path().filename().string();
    if (!It->is_regular_file(EC)) {
      // A FIFO or device under a trace file's name is not read (it could
      // block forever), and not skipped silently either.
      bool Named = (Name.rfind("shaderdata_", 0) == 0 && It->path().extension() == ".json") ||
                   (Name.find("code_object_id") != std::string::npos && It->path().extension() == ".out");
      if (Named && !It->is_directory(EC))
        Tree.Warnings.push_back(It->path().string() + ": not a regular file; skipped");
      continue;
    }
    if (Name.rfind("shaderdata_", 0) == 0 && It->path().extension() == ".json")
      Dirs.insert(It->path().parent_path().string());
    else if (Name.find("code_object_id") != std::string::npos && It->path().extension() == ".out")
      Objects.push_back(It->path().string());
  }
  Tree.TraceDirs.assign(Dirs.begin(), Dirs.end());
  std::sort(Objects.begin(), Objects.end());
  for (const std::string &P : Objects) {
    uint64_t ID;
    if (codeObjectIdFromName(P, ID))
      Tree.CodeObjects.push_back({ID, P});
    else
      Tree.Warnings.push_back("cannot extract code_object_id from " + P + "; skipped");
  }
  return Tree;
}

std::vector<CodeObjectPath> codeObjectsByName(const std::vector<std::string> &Paths) {
  std::vector<CodeObjectPath> Out;
  std::set<uint64_t> IDs;
  for (const std::string &P : Paths) {
    uint64_t ID = 0;
    if (!codeObjectIdFromName(P, ID))
      throw Error(P + ": cannot tell the code object ID from the name (expected "
                      "..._code_object_id_<N>...)");
    if (!IDs.insert(ID).second)
      throw Error("code object id " + std::to_string(ID) + " is given twice (" + P + ")");
    Out.push_back({ID, P});
  }
  return Out;
}

TraceTree gatherTraceInputs(const std::vector<std::string> &Inputs) {
  TraceTree Tree;
  std::vector<std::string> Given;
  std::set<std::string> Dirs;
  std::vector<CodeObjectPath> Found;
  for (const std::string &In : Inputs) {
    std::error_code EC;
    if (!fs::exists(In, EC))
      throw Error(In + ": does not exist");
    if (fs::path(In).extension() == ".att")
      throw Error(In + ": a raw .att file: rocprofv3 --att decodes those (with AMD's trace decoder) "
                       "into the ui_* directories this reads");
    if (!fs::is_directory(In, EC)) {
      Given.push_back(In);
      continue;
    }
    TraceTree Sub = discoverTraceTree(In);
    Dirs.insert(Sub.TraceDirs.begin(), Sub.TraceDirs.end());
    Found.insert(Found.end(), Sub.CodeObjects.begin(), Sub.CodeObjects.end());
    Tree.Warnings.insert(Tree.Warnings.end(), Sub.Warnings.begin(), Sub.Warnings.end());
  }
  Tree.TraceDirs.assign(Dirs.begin(), Dirs.end());
  Tree.CodeObjects = codeObjectsByName(Given);
  std::map<uint64_t, std::string> ByID;
  for (const CodeObjectPath &CO : Tree.CodeObjects)
    ByID[CO.ID] = CO.Path;
  for (const CodeObjectPath &CO : Found) {
    auto [It, New] = ByID.try_emplace(CO.ID, CO.Path);
    if (New)
      Tree.CodeObjects.push_back(CO);
    else if (It->second != CO.Path)
      Tree.Warnings.push_back("code object id " + std::to_string(CO.ID) + " has two files (" + It->second +
                              ", " + CO.Path + "); using the first");
  }
  return Tree;
}

} // namespace sqtt
