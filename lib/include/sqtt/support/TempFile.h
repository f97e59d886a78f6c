// TempFile.h - a file's next version, written beside it and renamed over it.
//
// The temporary is created exclusively (O_CREAT | O_EXCL: nothing already at
// that name, symlink or otherwise, is followed or reused) under an
// unpredictable name, in the target's directory so the rename is atomic. It
// takes the mode and, where permitted, the owner of the file it replaces.
// Every write, fsync and rename is a fault point (FaultInjection.h). A target
// that is a character device or a pipe (/dev/null, /dev/stdout) is written
// directly: it cannot be replaced, only streamed to.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <functional>
#include <streambuf>
#include <string>
#include <vector>

namespace sqtt {

class TempFile {
public:
  /// Creates ".<name>.<Tag>-XXXXXX" beside \p Target. Throws Error naming
  /// the target if it cannot.
  TempFile(const std::string &Target, const char *Tag);
  /// Removes the temporary unless it was renamed or kept.
  ~TempFile();
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;

  const std::string &path() const { return Path; }
  const std::string &target() const { return Target; }
  int fd() const { return Fd; }
  /// Bytes written so far.
  size_t size() const { return Written; }

  void write(const char *Data, size_t Size);
  /// Gives the file the permissions and, where permitted, the owner of
  /// \p Existing (the file it replaces), or 0666 less the umask for a new one.
  void setAttributes(const struct stat *Existing);
  /// Makes the contents durable (fsync).
  void sync();
  /// Closes the descriptor (the file stays).
  void close();
  /// Renames the temporary over the target.
  void renameOverTarget();
  /// Leaves the file in place when this object goes away (a journal names it).
  void keep() { Kept = true; }

private:
  std::string Target, Path;
  int Fd = -1;
  size_t Written = 0;
  bool Kept = false;
  bool Direct = false; // the target is a device or pipe, written in place
};

/// A stream buffer writing to a TempFile in 1 MiB blocks. Streams do not
/// throw: a write error is kept and thrown by flushOrThrow().
class TempFileBuf : public std::streambuf {
public:
  explicit TempFileBuf(TempFile &F);
  /// Sees every block before it is written (a checksum, say).
  std::function<void(const char *, size_t)> OnWrite;
  /// Writes what is buffered; throws the first error met.
  void flushOrThrow();

protected:
  int_type overflow(int_type C) override;
  int sync() override;
  /// A block as large as the buffer goes to the file as it is: writers that
  /// build their output in blocks of their own need not have it copied.
  std::streamsize xsputn(const char *S, std::streamsize N) override;

private:
  bool drain();
  TempFile &File;
  std::vector<char> Buffer;
  std::string Failure;
};

/// fsync of a directory, so that renames and removals in it are durable.
void syncDirectory(const std::string &Dir);

/// The directory part of \p Path ("." for a bare name).
std::string parentDirectory(const std::string &Path);

} // namespace sqtt
