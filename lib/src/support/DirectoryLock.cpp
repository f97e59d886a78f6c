// DirectoryLock.cpp - one writer at a time in a directory.
#include "sqtt/support/DirectoryLock.h"
#include "sqtt/support/Error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sqtt {

namespace {

/// The pid written by the holder, 0 if none is written yet.
long holderOf(int Fd) {
  char Buf[32] = {};
  ssize_t N = ::pread(Fd, Buf, sizeof Buf - 1, 0);
  return N > 0 ? std::strtol(Buf, nullptr, 10) : 0;
}

/// The holder's pid, given a moment to write it: a holder that has just taken
/// the lock writes its pid right after, and a refusal should name it.
long holderNamed(int Fd) {
  long Holder = holderOf(Fd);
  for (int Try = 0; Holder == 0 && Try < 50; ++Try) {
    ::usleep(2000);
    Holder = holderOf(Fd);
  }
  return Holder;
}

} // namespace

DirectoryLock::DirectoryLock(const std::string &Dir, const std::string &Name, bool Wait,
                             const std::function<void(long)> &OnWait)
    : Path(Dir + "/" + Name) {
  bool Told = false;
  for (;;) {
    Fd = ::open(Path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
    if (Fd < 0)
      throw Error(Dir + ": cannot create the lock file " + Name + ": " + std::strerror(errno));
    struct stat Mine;
    if (::fstat(Fd, &Mine) != 0 || !S_ISREG(Mine.st_mode)) {
      ::close(Fd);
      throw Error(Path + ": is not a regular file; remove it");
    }
    if (::flock(Fd, LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK) {
        int E = errno;
        ::close(Fd);
        throw Error(Path + ": cannot lock: " + std::strerror(E));
      }
      long Holder = Wait ? holderOf(Fd) : holderNamed(Fd);
      if (!Wait) {
        ::close(Fd);
        throw Error(Dir + ": another run " +
                    (Holder ? "(pid " + std::to_string(Holder) + ") " : std::string()) +
                    "is writing this trace directory (lock " + Path +
                    "); wait for it to finish or pass --wait (nothing was changed)");
      }
      if (!Told && OnWait)
        OnWait(Holder);
      Told = true;
      if (::flock(Fd, LOCK_EX) != 0) {
        int E = errno;
        ::close(Fd);
        throw Error(Path + ": cannot lock: " + std::strerror(E));
      }
    }
    // The holder we waited for removed the file it locked: lock the current one.
    struct stat Now;
    if (::stat(Path.c_str(), &Now) != 0 || Now.st_dev != Mine.st_dev || Now.st_ino != Mine.st_ino) {
      ::close(Fd);
      continue;
    }
    break;
  }
  std::string Pid = std::to_string(long(::getpid())) + "\n";
  if (::ftruncate(Fd, 0) != 0 || ::pwrite(Fd, Pid.data(), Pid.size(), 0) != ssize_t(Pid.size())) {
    int E = errno;
    ::unlink(Path.c_str());
    ::close(Fd);
    throw Error(Path + ": cannot write the lock file: " + std::strerror(E));
  }
}

DirectoryLock::~DirectoryLock() {
  // Removed while still locked: a waiter then finds its file gone and retries.
  ::unlink(Path.c_str());
  ::close(Fd);
}

} // namespace sqtt
