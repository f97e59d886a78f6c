// CodeObjectPath.cpp - what a code object file's name says.
#include "sqtt/codeobjects/CodeObjectPath.h"

#include <filesystem>
#include <regex>

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

} // namespace sqtt
