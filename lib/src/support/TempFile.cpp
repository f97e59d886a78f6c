// TempFile.cpp - a file's next version, written beside it and renamed over it.
#include "sqtt/support/TempFile.h"
#include "sqtt/support/Error.h"
#include "sqtt/support/FaultInjection.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sqtt {

std::string parentDirectory(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return ".";
  if (Slash == 0)
    return "/";
  return Path.substr(0, Slash);
}

TempFile::TempFile(const std::string &T, const char *Tag) : Target(T) {
  // A device or pipe (-o /dev/null, -o /dev/stdout) is a stream, not a file
  // to replace: renaming a temporary over it would put a regular file where
  // the device was. Such targets are written directly.
  struct stat St;
  if (::stat(Target.c_str(), &St) == 0 && (S_ISCHR(St.st_mode) || S_ISFIFO(St.st_mode))) {
    // Non-blocking open: a pipe without a reader fails (ENXIO) instead of hanging.
    Fd = ::open(Target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (Fd < 0)
      throw Error(Target + ": cannot write: " + std::strerror(errno));
    ::fcntl(Fd, F_SETFL, ::fcntl(Fd, F_GETFL) & ~O_NONBLOCK);
    Direct = true;
    return;
  }
  size_t Slash = Target.find_last_of('/');
  std::string Dir = Slash == std::string::npos ? "" : Target.substr(0, Slash + 1);
  std::string Name = Slash == std::string::npos ? Target : Target.substr(Slash + 1);
  Path = Dir + "." + Name + "." + Tag + "-XXXXXX";
  // mkostemp opens with O_CREAT | O_EXCL and a random suffix.
  Fd = ::mkostemp(Path.data(), O_CLOEXEC);
  if (Fd < 0) {
    int E = errno;
    Path.clear();
    throw Error(Target + ": cannot write: cannot create a temporary file beside it: " +
                std::strerror(E));
  }
}

TempFile::~TempFile() {
  if (Fd >= 0)
    ::close(Fd);
  if (!Kept && !Path.empty())
    ::unlink(Path.c_str());
}

void TempFile::write(const char *Data, size_t Size) {
  faultPoint(Target + ": write");
  while (Size) {
    ssize_t N = ::write(Fd, Data, Size);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      throw Error(Target + ": cannot write: " + std::strerror(errno));
    Data += N;
    Size -= size_t(N);
    Written += size_t(N);
  }
}

void TempFile::setAttributes(const struct stat *Existing) {
  if (Direct)
    return;
  mode_t Mode;
  if (Existing) {
    Mode = Existing->st_mode & 07777;
    // Root may give the file back its owner; others keep what they may
    // (their own uid, and the group when they belong to it).
    if (::fchown(Fd, Existing->st_uid, Existing->st_gid) != 0)
      (void)!::fchown(Fd, uid_t(-1), Existing->st_gid);
  } else {
    mode_t Mask = ::umask(0);
    ::umask(Mask);
    Mode = 0666 & ~Mask;
  }
  if (::fchmod(Fd, Mode) != 0)
    throw Error(Target + ": cannot set the mode of its new version: " + std::strerror(errno));
}

void TempFile::sync() {
  faultPoint(Target + ": fsync");
  if (!Direct && ::fsync(Fd) != 0)
    throw Error(Target + ": cannot write: fsync: " + std::strerror(errno));
}

void TempFile::close() {
  if (Fd >= 0 && ::close(Fd) != 0) {
    Fd = -1;
    throw Error(Target + ": cannot write: close: " + std::strerror(errno));
  }
  Fd = -1;
}

void TempFile::renameOverTarget() {
  faultPoint(Target + ": rename");
  if (Direct)
    return;
  if (::rename(Path.c_str(), Target.c_str()) != 0)
    throw Error(Target + ": cannot replace: " + std::strerror(errno));
  Path.clear();
}

TempFileBuf::TempFileBuf(TempFile &F) : File(F), Buffer(1 << 20) {
  setp(Buffer.data(), Buffer.data() + Buffer.size());
}

void TempFileBuf::flushOrThrow() {
  drain();
  if (!Failure.empty())
    throw Error(Failure);
}

TempFileBuf::int_type TempFileBuf::overflow(int_type C) {
  if (!drain())
    return traits_type::eof();
  if (!traits_type::eq_int_type(C, traits_type::eof()))
    sputc(traits_type::to_char_type(C));
  return traits_type::not_eof(C);
}

int TempFileBuf::sync() { return drain() ? 0 : -1; }

std::streamsize TempFileBuf::xsputn(const char *S, std::streamsize N) {
  if (size_t(N) < Buffer.size())
    return std::streambuf::xsputn(S, N);
  if (!drain())
    return 0;
  try {
    if (OnWrite)
      OnWrite(S, size_t(N));
    File.write(S, size_t(N));
  } catch (const Error &E) {
    Failure = E.what();
    return 0;
  }
  return N;
}

bool TempFileBuf::drain() {
  if (!Failure.empty())
    return false;
  size_t N = size_t(pptr() - pbase());
  try {
    if (N) {
      if (OnWrite)
        OnWrite(pbase(), N);
      File.write(pbase(), N);
    }
  } catch (const Error &E) {
    Failure = E.what();
    return false;
  }
  setp(Buffer.data(), Buffer.data() + Buffer.size());
  return true;
}

void syncDirectory(const std::string &Dir) {
  faultPoint(Dir + ": fsync of the directory");
  int Fd = ::open(Dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (Fd < 0)
    throw Error(Dir + ": cannot open the directory to make its changes durable: " + std::strerror(errno));
  int Rc = ::fsync(Fd);
  int E = errno;
  ::close(Fd);
  // Some file systems cannot fsync a directory (EINVAL); their renames are
  // as durable as they get.
  if (Rc != 0 && E != EINVAL)
    throw Error(Dir + ": cannot make its changes durable: " + std::strerror(E));
}

} // namespace sqtt
