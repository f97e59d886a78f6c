// TraceTree.cpp - finding the trace directories and code objects of a
// rocprofv3 --att output tree.
#include "sqtt/trace/TraceFiles.h"
#include "sqtt/support/Error.h"

#include <algorithm>
#include <filesystem>
#include <regex>
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

} // namespace sqtt
