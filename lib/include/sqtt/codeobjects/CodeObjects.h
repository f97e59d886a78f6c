// CodeObjects.h - every AMDGPU code object in a file.
//
// Users hold loose code objects, clang offload bundles (plain
// __CLANG_OFFLOAD_BUNDLE__ or compressed CCOB, zstd or zlib), and host
// objects or executables whose .hip_fatbin section holds one or more
// bundles. loadCodeObjects reads any of them directly, without external
// tools, and returns each device code object with its target.
#pragma once

#include "sqtt/support/MappedFile.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sqtt {

struct CodeObject {
  /// The AMDGPU target from the ELF header: "gfx942", "gfx90a:xnack+", ...
  std::string Target;
  /// The bundle entry ID it came from ("hipv4-amdgcn-amd-amdhsa--gfx942"),
  /// empty for a loose code object.
  std::string BundleEntryID;
  const uint8_t *Data = nullptr;
  size_t Size = 0;
};

/// What a file turned out to be.
enum class ContainerKind { CodeObject, Bundle, HostBinary };

class CodeObjectFile {
public:
  /// Reads \p Path. Throws Error naming the file for anything unreadable,
  /// malformed or truncated.
  explicit CodeObjectFile(const std::string &Path);
  /// Reads \p Size bytes already in memory (kept alive by the caller), named
  /// \p Name in errors.
  CodeObjectFile(const uint8_t *Data, size_t Size, const std::string &Name);

  ContainerKind kind() const { return Kind; }
  const std::vector<CodeObject> &codeObjects() const { return Objects; }
  /// Host or non-AMDGPU bundle entries that were skipped.
  size_t skippedEntries() const { return Skipped; }
  const std::string &path() const { return Name; }

private:
  void readContainer(const uint8_t *Data, size_t Size);
  void readBundles(const uint8_t *Data, size_t Size, const std::string &Where);
  void readBundle(const uint8_t *Data, size_t Size, size_t &Consumed,
                  const std::string &Where);
  void readCompressedBundle(const uint8_t *Data, size_t Size, size_t &Consumed,
                            const std::string &Where);
  void addCodeObject(const uint8_t *Data, size_t Size, std::string EntryID,
                     const std::string &Where);

  std::unique_ptr<MappedFile> File; // when read from a path
  std::string Name;
  ContainerKind Kind = ContainerKind::CodeObject;
  std::vector<CodeObject> Objects;
  /// Decompressed bundles, which the code objects point into.
  std::vector<std::unique_ptr<std::vector<uint8_t>>> Inflated;
  size_t Skipped = 0;
};

} // namespace sqtt
