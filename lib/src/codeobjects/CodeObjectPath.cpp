// CodeObjectPath.cpp - what a code object file's name says.
#include "sqtt/codeobjects/CodeObjectPath.h"
#include "sqtt/support/Error.h"

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

std::optional<uint64_t> codeObjectPidFromName(const std::string &Path) {
  static const std::regex Pattern("^([0-9]{1,19})_[^_]+_code_object_id_[0-9]+");
  std::smatch M;
  std::string Name = fs::path(Path).filename().string();
  if (!std::regex_search(Name, M, Pattern))
    return std::nullopt;
  return std::stoull(M[1].str());
}

std::vector<CodeObjectPath> codeObjectsGiven(const std::vector<std::string> &Specs) {
  static const std::regex Explicit("^([0-9]{1,19})=(.+)$");
  std::vector<CodeObjectPath> Out;
  std::set<uint64_t> IDs;
  for (const std::string &Spec : Specs) {
    CodeObjectPath CO;
    std::smatch M;
    if (std::regex_match(Spec, M, Explicit)) {
      CO.ID = std::stoull(M[1].str());
      CO.Path = M[2].str();
    } else if (CO.Path = Spec; !codeObjectIdFromName(Spec, CO.ID)) {
      if (Specs.size() != 1)
        throw Error(Spec + ": cannot tell the code object ID from the name; give it as ID=" + Spec +
                    " (rocprofv3 names them <pid>_<gpu>_code_object_id_<N>.out)");
      CO.ID = 1;
    }
    CO.Pid = codeObjectPidFromName(CO.Path);
    if (!IDs.insert(CO.ID).second)
      throw Error("code object id " + std::to_string(CO.ID) + " is given twice (" + CO.Path + ")");
    Out.push_back(std::move(CO));
  }
  return Out;
}

} // namespace sqtt
