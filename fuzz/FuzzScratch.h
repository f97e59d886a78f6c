//===- FuzzScratch.h - a private scratch directory for file-based targets --===//
//
// The readers under test take paths, so each input is written to a file in a
// directory of this process's own, removed when the process exits.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace sqtt::fuzz {

inline const std::string &scratchDir() {
  static const std::string Dir = [] {
    char Template[] = "/tmp/sqtt-fuzz-XXXXXX";
    if (!mkdtemp(Template))
      std::abort();
    std::string Path = Template;
    static struct Cleanup {
      std::string Path;
      ~Cleanup() {
        std::error_code EC;
        std::filesystem::remove_all(Path, EC);
      }
    } C{Path};
    return Path;
  }();
  return Dir;
}

/// Writes \p Size bytes to \p Name in the scratch directory; returns the path.
inline std::string writeScratch(const std::string &Name, const void *Data, size_t Size) {
  std::string Path = scratchDir() + "/" + Name;
  std::ofstream OS(Path, std::ios::binary | std::ios::trunc);
  OS.write(static_cast<const char *>(Data), std::streamsize(Size));
  if (!OS.flush())
    std::abort();
  return Path;
}

} // namespace sqtt::fuzz
