// MappedFile.h - a read-only memory-mapped input file.
//
// Code objects and host executables can be large (a library's .hip_fatbin can
// exceed a gigabyte); mapping them lets the readers look at headers and
// extract only what they need.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sqtt {

class MappedFile {
public:
  /// Maps \p Path; throws Error naming the file if it cannot. With
  /// \p Populate the whole file is mapped at once (one call instead of a
  /// page fault per few pages: for inputs read whole, front to back).
  explicit MappedFile(const std::string &Path, bool Populate = false);
  ~MappedFile();
  MappedFile(const MappedFile &) = delete;
  MappedFile &operator=(const MappedFile &) = delete;

  const uint8_t *data() const { return Data; }
  size_t size() const { return Size; }
  const std::string &path() const { return Path; }
  /// Drops the pages before \p Offset from memory (they are re-read if
  /// touched again): keeps a sequential reader's footprint small.
  void release(size_t Offset) const;

private:
  std::string Path;
  const uint8_t *Data = nullptr;
  size_t Size = 0;
  mutable size_t Released = 0; // bytes from the start already released
};

} // namespace sqtt
