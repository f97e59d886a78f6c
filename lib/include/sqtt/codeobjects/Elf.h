// Elf.h - just enough ELF64 for code objects and HIP host binaries.
//
// Reads the section table and the defined symbols of .symtab and .dynsym,
// with every offset checked against the image, and names the AMDGPU target
// of a code object from its e_flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt {

constexpr uint16_t EM_AMDGPU_MACHINE = 224;

struct ElfSection {
  std::string Name;
  uint32_t Type = 0;
  uint32_t Link = 0; // sh_link: the string table of a symbol table
  uint64_t Flags = 0; // sh_flags (SHF_EXECINSTR: code)
  uint64_t Addr = 0;  // sh_addr: where symbols of the section point
  uint64_t Offset = 0, Size = 0;
};

struct ElfSymbol {
  std::string Name;
  uint64_t Value = 0;
  uint64_t Size = 0;
  uint8_t Type = 0; // STT_*
};

class ElfImage {
public:
  /// Parses the headers of \p Data. Throws Error, with messages prefixed by
  /// \p Label (a file name), for anything malformed or out of bounds.
  ElfImage(const uint8_t *Data, size_t Size, std::string Label);

  static bool looksLikeElf(const uint8_t *Data, size_t Size);

  uint16_t machine() const { return Machine; }
  uint32_t flags() const { return Flags; }
  bool isAmdgpu() const { return Machine == EM_AMDGPU_MACHINE; }

  const std::vector<ElfSection> &sections() const { return Sections; }
  const ElfSection *findSection(std::string_view Name) const;
  /// The bytes of \p S (empty for SHT_NOBITS).
  std::string_view contents(const ElfSection &S) const;
  /// Defined symbols of .symtab and .dynsym.
  std::vector<ElfSymbol> definedSymbols() const;

  /// "gfx942", "gfx90a:xnack+", ... for an AMDGPU code object; "" otherwise.
  std::string amdgpuTarget() const;

private:
  [[noreturn]] void fail(const std::string &What) const;

  const uint8_t *Data;
  std::string Label;
  uint16_t Machine = 0;
  uint32_t Flags = 0;
  std::vector<ElfSection> Sections;
};

} // namespace sqtt
