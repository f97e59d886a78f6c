// Elf.cpp - just enough ELF64 for code objects and HIP host binaries.
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"

#include <cstdio>
#include <cstring>

namespace sqtt {

namespace {

template <typename T> T read(const uint8_t *P) {
  T V;
  std::memcpy(&V, P, sizeof(T));
  return V;
}

constexpr uint32_t SHT_SYMTAB = 2, SHT_NOBITS = 8, SHT_DYNSYM = 11;
constexpr uint16_t SHN_UNDEF = 0;

/// AMDGPU e_flags machine numbers (EF_AMDGPU_MACH_*), as LLVM defines them.
struct MachName {
  uint32_t Mach;
  const char *Name;
};
constexpr MachName AmdgpuMachs[] = {
    {0x020, "gfx600"},  {0x021, "gfx601"},  {0x022, "gfx700"},  {0x023, "gfx701"},
    {0x024, "gfx702"},  {0x025, "gfx703"},  {0x026, "gfx704"},  {0x028, "gfx801"},
    {0x029, "gfx802"},  {0x02a, "gfx803"},  {0x02b, "gfx810"},  {0x02c, "gfx900"},
    {0x02d, "gfx902"},  {0x02e, "gfx904"},  {0x02f, "gfx906"},  {0x030, "gfx908"},
    {0x031, "gfx909"},  {0x032, "gfx90c"},  {0x033, "gfx1010"}, {0x034, "gfx1011"},
    {0x035, "gfx1012"}, {0x036, "gfx1030"}, {0x037, "gfx1031"}, {0x038, "gfx1032"},
    {0x039, "gfx1033"}, {0x03a, "gfx602"},  {0x03b, "gfx705"},  {0x03c, "gfx805"},
    {0x03d, "gfx1035"}, {0x03e, "gfx1034"}, {0x03f, "gfx90a"},  {0x041, "gfx1100"},
    {0x042, "gfx1013"}, {0x043, "gfx1150"}, {0x044, "gfx1103"}, {0x045, "gfx1036"},
    {0x046, "gfx1101"}, {0x047, "gfx1102"}, {0x048, "gfx1200"}, {0x049, "gfx1250"},
    {0x04a, "gfx1151"}, {0x04c, "gfx942"},  {0x04e, "gfx1201"}, {0x04f, "gfx950"},
    {0x051, "gfx9-generic"}, {0x052, "gfx10-1-generic"}, {0x053, "gfx10-3-generic"},
    {0x054, "gfx11-generic"}, {0x055, "gfx1152"}, {0x058, "gfx1153"},
    {0x059, "gfx12-generic"}, {0x05a, "gfx1251"}, {0x05f, "gfx9-4-generic"},
};
constexpr uint32_t MachMask = 0x0ff, XnackMask = 0x300, XnackOff = 0x200,
                   XnackOn = 0x300, SrameccMask = 0xc00, SrameccOff = 0x800,
                   SrameccOn = 0xc00;

} // namespace

void ElfImage::fail(const std::string &What) const { throw Error(Label + ": " + What); }

bool ElfImage::looksLikeElf(const uint8_t *D, size_t S) {
  return S >= 4 && std::memcmp(D, "\x7f" "ELF", 4) == 0;
}

ElfImage::ElfImage(const uint8_t *D, size_t S, std::string L)
    : Data(D), Label(std::move(L)) {
  if (!looksLikeElf(D, S))
    fail("not an ELF file");
  if (S < 64)
    fail("truncated ELF header (" + std::to_string(S) + " bytes)");
  if (D[4] != 2)
    fail("not a 64-bit ELF file");
  if (D[5] != 1)
    fail("not a little-endian ELF file");
  Machine = read<uint16_t>(D + 0x12);
  Flags = read<uint32_t>(D + 0x30);
  uint64_t ShOff = read<uint64_t>(D + 0x28);
  uint16_t ShEntSize = read<uint16_t>(D + 0x3A);
  uint16_t ShNum = read<uint16_t>(D + 0x3C);
  uint16_t ShStrNdx = read<uint16_t>(D + 0x3E);
  if (ShNum == 0)
    return;
  if (ShEntSize < 64 || ShOff > S || uint64_t(ShNum) * ShEntSize > S - ShOff)
    fail("truncated or corrupt section header table");
  if (ShStrNdx >= ShNum)
    fail("corrupt section name table index");
  std::vector<uint32_t> NameOffsets;
  for (uint16_t I = 0; I < ShNum; ++I) {
    const uint8_t *H = D + ShOff + uint64_t(I) * ShEntSize;
    ElfSection Sec;
    NameOffsets.push_back(read<uint32_t>(H));
    Sec.Type = read<uint32_t>(H + 4);
    Sec.Link = read<uint32_t>(H + 0x28);
    Sec.Flags = read<uint64_t>(H + 8);
    Sec.Addr = read<uint64_t>(H + 0x10);
    Sec.Offset = read<uint64_t>(H + 0x18);
    Sec.Size = read<uint64_t>(H + 0x20);
    if (Sec.Type != SHT_NOBITS && (Sec.Offset > S || Sec.Size > S - Sec.Offset))
      fail("section " + std::to_string(I) + " extends past the end of the file (truncated?)");
    Sections.push_back(Sec);
  }
  std::string_view Names = contents(Sections[ShStrNdx]);
  for (size_t I = 0; I < Sections.size(); ++I) {
    uint32_t Off = NameOffsets[I];
    if (Off >= Names.size())
      continue;
    std::string_view Rest = Names.substr(Off);
    Sections[I].Name = std::string(Rest.substr(0, Rest.find('\0')));
  }
}

const ElfSection *ElfImage::findSection(std::string_view Name) const {
  for (const ElfSection &S : Sections)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

std::string_view ElfImage::contents(const ElfSection &S) const {
  if (S.Type == SHT_NOBITS)
    return {};
  return std::string_view(reinterpret_cast<const char *>(Data + S.Offset), size_t(S.Size));
}

std::vector<ElfSymbol> ElfImage::definedSymbols() const {
  std::vector<ElfSymbol> Result;
  for (const ElfSection &Table : Sections) {
    if (Table.Type != SHT_SYMTAB && Table.Type != SHT_DYNSYM)
      continue;
    // The string table is the section the symbol table's sh_link names.
    if (Table.Link >= Sections.size())
      fail("symbol table '" + Table.Name + "' links to a missing string table");
    std::string_view Strings = contents(Sections[Table.Link]);
    std::string_view Symbols = contents(Table);
    for (size_t Off = 0; Off + 24 <= Symbols.size(); Off += 24) {
      const uint8_t *Sym = reinterpret_cast<const uint8_t *>(Symbols.data()) + Off;
      uint32_t NameOff = read<uint32_t>(Sym);
      uint8_t Info = Sym[4];
      uint16_t Shndx = read<uint16_t>(Sym + 6);
      if (Shndx == SHN_UNDEF || NameOff == 0 || NameOff >= Strings.size())
        continue;
      std::string_view Rest = Strings.substr(NameOff);
      ElfSymbol S;
      S.Name = std::string(Rest.substr(0, Rest.find('\0')));
      S.Type = Info & 0xF;
      S.Value = read<uint64_t>(Sym + 8);
      S.Size = read<uint64_t>(Sym + 16);
      Result.push_back(std::move(S));
    }
  }
  return Result;
}

std::string ElfImage::amdgpuTarget() const {
  if (!isAmdgpu())
    return "";
  uint32_t Mach = Flags & MachMask;
  std::string Name;
  for (const MachName &M : AmdgpuMachs)
    if (M.Mach == Mach)
      Name = M.Name;
  if (Name.empty()) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "amdgpu-mach-0x%03x", Mach);
    Name = Buf;
  }
  if ((Flags & SrameccMask) == SrameccOn)
    Name += ":sramecc+";
  else if ((Flags & SrameccMask) == SrameccOff)
    Name += ":sramecc-";
  if ((Flags & XnackMask) == XnackOn)
    Name += ":xnack+";
  else if ((Flags & XnackMask) == XnackOff)
    Name += ":xnack-";
  return Name;
}

} // namespace sqtt
