// InputFile.h - opening a file the tools read, safely.
//
// Every input goes through here. It is opened without blocking, so a FIFO at
// a trace file's name cannot hang a tool, and refused at once unless it is a
// regular file (FIFOs, devices, sockets, directories). Its size is known
// before anything is read, so callers refuse absurd sizes first. Its identity
// (device, inode) is remembered for the whole process, so no output is ever
// written over a file the run read (see OutputFiles.h).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>

namespace sqtt {

class InputFile {
public:
  /// Opens \p Path for reading. Throws Error naming the file if it cannot be
  /// opened or is not a regular file.
  explicit InputFile(const std::string &Path);
  ~InputFile();
  InputFile(const InputFile &) = delete;
  InputFile &operator=(const InputFile &) = delete;

  int fd() const { return Fd; }
  size_t size() const { return Size; }
  const std::string &path() const { return Path; }

  /// Throws Error unless the file holds at most \p Max bytes; \p What says
  /// what kind of file it should be ("a code.json").
  void checkSize(size_t Max, const char *What) const;
  /// Reads the whole file (size() bytes) into \p Buffer.
  void readInto(char *Buffer) const;
  /// The whole file, at most \p Max bytes (checkSize).
  std::string readAll(size_t Max, const char *What) const;

private:
  std::string Path;
  int Fd = -1;
  size_t Size = 0;
};

/// "a FIFO", "a directory", ... for a file type that is not a regular file.
const char *fileKindName(mode_t Mode);

/// The name under which this process opened the file at \p Path as an input
/// (compared by device and inode, following symlinks), or "" if it did not.
std::string inputNameOf(const std::string &Path);

} // namespace sqtt
