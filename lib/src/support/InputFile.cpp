// InputFile.cpp - opening a file the tools read, safely.
#include "sqtt/support/InputFile.h"
#include "sqtt/support/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

namespace sqtt {

namespace {

/// Every input of the process: (device, inode) -> the name it was read by.
/// Trace directories are read on several threads.
struct InputRegistry {
  std::mutex Lock;
  std::map<std::pair<dev_t, ino_t>, std::string> Files;

  static InputRegistry &get() {
    static InputRegistry R;
    return R;
  }
  void add(const struct stat &St, const std::string &Path) {
    std::lock_guard<std::mutex> G(Lock);
    // The latest name: an inode freed by a removed input and reused by a
    // new one must be found under the new name.
    Files.insert_or_assign({St.st_dev, St.st_ino}, Path);
  }
  std::string find(const struct stat &St) {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Files.find({St.st_dev, St.st_ino});
    if (It == Files.end())
      return std::string();
    // An input removed since it was read frees its inode for a new file:
    // only a name that still leads to that inode makes it an input.
    struct stat Now;
    if (::stat(It->second.c_str(), &Now) != 0 || Now.st_dev != St.st_dev || Now.st_ino != St.st_ino)
      return std::string();
    return It->second;
  }
};

std::string mebibytes(size_t Bytes) { return std::to_string(Bytes >> 20) + " MiB"; }

} // namespace

const char *fileKindName(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  if (S_ISLNK(Mode))
    return "a symbolic link";
  return "not a regular file";
}

InputFile::InputFile(const std::string &P) : Path(P) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Fd = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (Fd < 0)
    throw Error(Path + ": cannot open: " + std::strerror(errno));
  struct stat St;
  if (::fstat(Fd, &St) != 0) {
    int E = errno;
    ::close(Fd);
    throw Error(Path + ": cannot stat: " + std::strerror(E));
  }
  if (!S_ISREG(St.st_mode)) {
    ::close(Fd);
    throw Error(Path + ": is " + fileKindName(St.st_mode) + ", not a regular file");
  }
  Size = size_t(St.st_size);
  InputRegistry::get().add(St, Path);
}

InputFile::~InputFile() {
  if (Fd >= 0)
    ::close(Fd);
}

void InputFile::checkSize(size_t Max, const char *What) const {
  if (Size > Max)
    throw Error(Path + ": " + std::to_string(Size) + " bytes, more than " + mebibytes(Max) +
                "; too large for " + What);
}

void InputFile::readInto(char *Buffer) const {
  size_t Done = 0;
  while (Done < Size) {
    ssize_t N = ::pread(Fd, Buffer + Done, Size - Done, off_t(Done));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      throw Error(Path + ": cannot read: " + std::strerror(errno));
    if (N == 0)
      throw Error(Path + ": changed while being read (now " + std::to_string(Done) + " bytes)");
    Done += size_t(N);
  }
}

std::string InputFile::readAll(size_t Max, const char *What) const {
  checkSize(Max, What);
  std::string Out(Size, '\0');
  readInto(Out.data());
  return Out;
}

std::string inputNameOf(const std::string &Path) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0)
    return std::string();
  return InputRegistry::get().find(St);
}

} // namespace sqtt
