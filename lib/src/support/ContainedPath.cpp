// ContainedPath.cpp - file names taken from trace metadata stay inside the trace.
#include "sqtt/support/ContainedPath.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/JsonString.h"

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <sys/stat.h>

namespace sqtt {

std::string quotedName(std::string_view Text) {
  std::ostringstream OS;
  writeJsonString(OS, std::string(Text.substr(0, 200)));
  if (Text.size() > 200)
    OS << "...";
  return OS.str();
}

namespace {

std::string realPath(const std::string &Path) {
  char Buf[PATH_MAX];
  return ::realpath(Path.c_str(), Buf) ? std::string(Buf) : std::string();
}

} // namespace

std::string fileInDirectory(const std::string &Dir, std::string_view Name, const std::string &Source) {
  auto Refuse = [&](const char *Why) {
    throw Error(Source + ": file name " + quotedName(Name) + " " + Why + " (nothing was read or changed)");
  };
  if (Name.empty())
    Refuse("is empty");
  if (Name.find('\0') != std::string_view::npos)
    Refuse("contains a NUL byte");
  if (Name.front() == '/')
    Refuse("is absolute; names must stay inside the trace directory");
  if (Name == "." || Name == "..")
    Refuse("names a directory");
  if (Name.find('/') != std::string_view::npos)
    Refuse(Name.find("..") != std::string_view::npos
               ? "climbs out of the trace directory"
               : "is not a plain file name in the trace directory");
  std::string Path = (std::filesystem::path(Dir) / std::string(Name)).string();
  struct stat St;
  if (::lstat(Path.c_str(), &St) == 0 && S_ISLNK(St.st_mode)) {
    std::string Target = realPath(Path), Inside = realPath(Dir);
    if (!Target.empty() && !Inside.empty() &&
        (Target.size() <= Inside.size() || Target.compare(0, Inside.size(), Inside) != 0 ||
         Target[Inside.size()] != '/'))
      Refuse(("is a symbolic link to " + Target + ", outside the trace directory").c_str());
  }
  return Path;
}

} // namespace sqtt
