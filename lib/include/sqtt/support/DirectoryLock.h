// DirectoryLock.h - one writer at a time in a directory.
//
// An advisory lock (flock) on a lock file in the directory, holding the
// holder's pid so that a second run can name it. The file is removed when the
// lock is released; a run that finds the lock file replaced under it (the
// previous holder removed it) takes the new one, so two runs never both hold
// the lock. A killed holder's lock is released by the kernel.
#pragma once

#include <functional>
#include <string>

namespace sqtt {

class DirectoryLock {
public:
  /// Locks \p Dir through \p Dir / \p Name. If another process holds it:
  /// with \p Wait, calls \p OnWait(holder pid, 0 if unknown) once and blocks;
  /// without, throws Error naming the holder.
  DirectoryLock(const std::string &Dir, const std::string &Name, bool Wait,
                const std::function<void(long)> &OnWait = nullptr);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock &) = delete;
  DirectoryLock &operator=(const DirectoryLock &) = delete;

private:
  std::string Path;
  int Fd = -1;
};

} // namespace sqtt
