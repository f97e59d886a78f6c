// CodeObjectPath.h - a code object file of a trace tree and what its name
// says: rocprofv3 names them "<pid>_<gpu>_code_object_id_<N>.out".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sqtt {

struct CodeObjectPath {
  uint64_t ID = 0;
  std::string Path;
  /// The process that loaded it: rocprofv3's "<pid>_<gpu>_code_object_id_<N>"
  /// prefix (D23); none for other names.
  std::optional<uint64_t> Pid;
};

/// The code object ID in a file name ("..._code_object_id_3.out" -> 3).
bool codeObjectIdFromName(const std::string &Path, uint64_t &ID);
/// The process in a rocprofv3 code object name ("1234_1_code_object_id_3.out" -> 1234).
std::optional<uint64_t> codeObjectPidFromName(const std::string &Path);

/// The code objects a user gives (-c): "ID=PATH" names the ID; a file named
/// *code_object_id_<N>* has N; a single file of any other name is code
/// object 1 (the ID rocprofv3 gives a process's first). Throws Error for an
/// ID given twice, or a file of another name among several.
std::vector<CodeObjectPath> codeObjectsGiven(const std::vector<std::string> &Specs);

} // namespace sqtt
