// ScratchFile.cpp - anonymous temporary files for data kept out of memory.
#include "sqtt/support/ScratchFile.h"
#include "sqtt/support/Error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace sqtt {

std::FILE *openTemporaryFile(const std::string &Prefix, const std::string &What) {
  const char *Dir = std::getenv("TMPDIR");
  std::string Path = std::string(Dir && *Dir ? Dir : "/tmp") + "/" + Prefix + "-XXXXXX";
  int Fd = ::mkstemp(Path.data());
  if (Fd < 0)
    throw Error(Path + ": cannot create a temporary file for " + What + ": " + std::strerror(errno));
  ::unlink(Path.c_str());
  std::FILE *F = ::fdopen(Fd, "w+b");
  if (!F) {
    ::close(Fd);
    throw Error("cannot open the temporary file for " + What + ": " + std::strerror(errno));
  }
  return F;
}

} // namespace sqtt
