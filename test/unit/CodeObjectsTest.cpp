//===- CodeObjectsTest.cpp - code objects, bundles, CCOB, host binaries ---===//
//
// Builds the inputs byte by byte (a minimal ELF64 with named sections, plain
// and compressed bundles), so every container path and every error is
// exercised without a compiler.

#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/support/Error.h"
#include "sqtt/codeobjects/FuncmapTable.h"

#include <zlib.h>
#include <zstd.h>

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace sqtt;
using Bytes = std::vector<uint8_t>;

namespace {

template <typename T> void put(Bytes &B, size_t Off, T V) {
  if (B.size() < Off + sizeof(T))
    B.resize(Off + sizeof(T));
  std::memcpy(B.data() + Off, &V, sizeof(T));
}
template <typename T> void append(Bytes &B, T V) { put(B, B.size(), V); }
void append(Bytes &B, const std::string &S) { B.insert(B.end(), S.begin(), S.end()); }

/// A minimal ELF64: header, the given sections, a section-name table.
Bytes makeElf(uint16_t Machine, uint32_t Flags,
              const std::vector<std::pair<std::string, std::string>> &Sections) {
  Bytes B(64, 0);
  std::memcpy(B.data(), "\x7f" "ELF", 4);
  B[4] = 2; // ELFCLASS64
  B[5] = 1; // little endian
  B[6] = 1;
  put<uint16_t>(B, 0x10, 3); // ET_DYN
  put<uint16_t>(B, 0x12, Machine);
  put<uint32_t>(B, 0x30, Flags);
  std::string Names(1, '\0');
  std::vector<std::pair<uint64_t, uint64_t>> Placed;
  std::vector<uint32_t> NameOffsets;
  for (const auto &[Name, Data] : Sections) {
    NameOffsets.push_back(uint32_t(Names.size()));
    Names += Name + '\0';
    Placed.push_back({B.size(), Data.size()});
    append(B, Data);
  }
  uint32_t ShstrName = uint32_t(Names.size());
  Names += std::string(".shstrtab") + '\0';
  uint64_t NamesOff = B.size();
  append(B, Names);
  uint64_t ShOff = B.size();
  B.resize(B.size() + 64, 0); // null section
  for (size_t I = 0; I < Sections.size(); ++I) {
    size_t H = B.size();
    B.resize(H + 64, 0);
    put<uint32_t>(B, H, NameOffsets[I]);
    put<uint32_t>(B, H + 4, 1); // SHT_PROGBITS
    put<uint64_t>(B, H + 0x18, Placed[I].first);
    put<uint64_t>(B, H + 0x20, Placed[I].second);
  }
  size_t H = B.size();
  B.resize(H + 64, 0);
  put<uint32_t>(B, H, ShstrName);
  put<uint32_t>(B, H + 4, 3); // SHT_STRTAB
  put<uint64_t>(B, H + 0x18, NamesOff);
  put<uint64_t>(B, H + 0x20, Names.size());
  put<uint64_t>(B, 0x28, ShOff);
  put<uint16_t>(B, 0x3A, 64);
  put<uint16_t>(B, 0x3C, uint16_t(Sections.size() + 2));
  put<uint16_t>(B, 0x3E, uint16_t(Sections.size() + 1));
  return B;
}

constexpr uint32_t Gfx942 = 0x04c, Gfx1100 = 0x041;

Bytes codeObject(uint32_t Mach, const std::string &Funcmap) {
  std::vector<std::pair<std::string, std::string>> S = {{".text", std::string(16, '\0')}};
  if (!Funcmap.empty())
    S.push_back({".sqtt_funcmap", Funcmap + '\0'});
  return makeElf(224, Mach, S);
}

Bytes bundle(const std::vector<std::pair<std::string, Bytes>> &Entries) {
  Bytes B;
  append(B, std::string("__CLANG_OFFLOAD_BUNDLE__"));
  append<uint64_t>(B, Entries.size());
  size_t HeaderSize = B.size();
  for (const auto &E : Entries)
    HeaderSize += 24 + E.first.size();
  uint64_t Offset = (HeaderSize + 15) & ~uint64_t(15);
  std::vector<uint64_t> Offsets;
  for (const auto &E : Entries) {
    append<uint64_t>(B, Offset);
    append<uint64_t>(B, E.second.size());
    append<uint64_t>(B, E.first.size());
    append(B, E.first);
    Offsets.push_back(Offset);
    Offset = (Offset + E.second.size() + 15) & ~uint64_t(15);
  }
  for (size_t I = 0; I < Entries.size(); ++I) {
    B.resize(Offsets[I], 0);
    B.insert(B.end(), Entries[I].second.begin(), Entries[I].second.end());
  }
  return B;
}

Bytes compressed(const Bytes &Plain, uint16_t Method, uint16_t Version = 3) {
  Bytes Data;
  if (Method == 1) {
    Data.resize(ZSTD_compressBound(Plain.size()));
    Data.resize(ZSTD_compress(Data.data(), Data.size(), Plain.data(), Plain.size(), 3));
  } else {
    uLongf Len = compressBound(uLong(Plain.size()));
    Data.resize(Len);
    ::compress(Data.data(), &Len, Plain.data(), uLong(Plain.size()));
    Data.resize(Len);
  }
  Bytes B;
  append(B, std::string("CCOB"));
  append<uint16_t>(B, Version);
  append<uint16_t>(B, Method);
  size_t HeaderSize = Version == 3 ? 32 : 24;
  if (Version == 3) {
    append<uint64_t>(B, HeaderSize + Data.size());
    append<uint64_t>(B, Plain.size());
  } else {
    append<uint32_t>(B, uint32_t(HeaderSize + Data.size()));
    append<uint32_t>(B, uint32_t(Plain.size()));
  }
  append<uint64_t>(B, 0x1234); // Hash: not checked.
  B.insert(B.end(), Data.begin(), Data.end());
  return B;
}

class TempFile {
public:
  explicit TempFile(const Bytes &B) {
    char Name[] = "/tmp/sqtt-codeobj-XXXXXX";
    int Fd = mkstemp(Name);
    Path = Name;
    if (!B.empty() && write(Fd, B.data(), B.size()) != ssize_t(B.size()))
      ADD_FAILURE() << "short write";
    close(Fd);
  }
  ~TempFile() { std::remove(Path.c_str()); }
  std::string Path;
};

std::string errorOf(const Bytes &B, std::string *PathOut = nullptr) {
  TempFile F(B);
  if (PathOut)
    *PathOut = F.Path;
  try {
    CodeObjectFile File(F.Path);
    return "no error";
  } catch (const Error &E) {
    std::string Msg = E.what();
    // Drop the temporary file name so tests can compare the message.
    if (Msg.rfind(F.Path, 0) == 0)
      Msg = "<file>" + Msg.substr(F.Path.size());
    return Msg;
  }
}

const std::string Map942 = "K:k942\nU:1:phase\n";
const std::string Map1100 = "K:k1100\nW:32\nP:1:addr_trace_load@a.hip:3\nR:1:extra_payload_count=66\n";

TEST(CodeObjects, LooseCodeObject) {
  TempFile F(codeObject(Gfx942 | 0x300 /* xnack+ */, Map942));
  CodeObjectFile File(F.Path);
  EXPECT_EQ(File.kind(), ContainerKind::CodeObject);
  ASSERT_EQ(File.codeObjects().size(), 1u);
  EXPECT_EQ(File.codeObjects()[0].Target, "gfx942:xnack+");
  FuncmapTable T = buildFuncmapTable(File.codeObjects()[0], F.Path, false);
  EXPECT_TRUE(T.HasFuncmap);
  ASSERT_EQ(T.Rows.size(), 2u);
  EXPECT_EQ(T.Rows[0].Name, "k942");
  EXPECT_FALSE(T.Rows[0].Vaddr); // No symbol table in this image.
}

void expectBothObjects(const CodeObjectFile &File) {
  ASSERT_EQ(File.codeObjects().size(), 2u);
  EXPECT_EQ(File.codeObjects()[0].Target, "gfx942");
  EXPECT_EQ(File.codeObjects()[0].BundleEntryID, "hipv4-amdgcn-amd-amdhsa--gfx942");
  EXPECT_EQ(File.codeObjects()[1].Target, "gfx1100");
  EXPECT_EQ(File.skippedEntries(), 1u);
  FuncmapTable T = buildFuncmapTable(File.codeObjects()[1], "x", false);
  EXPECT_EQ(T.WaveSize, 32u);
  EXPECT_EQ(T.Rows[1].ExtraPayloadCount, 66u);
}

Bytes twoTargetBundle() {
  return bundle({{"host-x86_64-unknown-linux-gnu-", {}},
                 {"hipv4-amdgcn-amd-amdhsa--gfx942", codeObject(Gfx942, Map942)},
                 {"hipv4-amdgcn-amd-amdhsa--gfx1100", codeObject(Gfx1100, Map1100)}});
}

TEST(CodeObjects, PlainBundle) {
  TempFile F(twoTargetBundle());
  CodeObjectFile File(F.Path);
  EXPECT_EQ(File.kind(), ContainerKind::Bundle);
  expectBothObjects(File);
}

TEST(CodeObjects, CompressedBundles) {
  for (uint16_t Method : {0, 1})
    for (uint16_t Version : {2, 3}) {
      TempFile F(compressed(twoTargetBundle(), Method, Version));
      CodeObjectFile File(F.Path);
      EXPECT_EQ(File.kind(), ContainerKind::Bundle);
      expectBothObjects(File);
    }
}

TEST(CodeObjects, BytesInMemoryReadLikeAFile) {
  Bytes B = compressed(twoTargetBundle(), 0, 3);
  CodeObjectFile File(B.data(), B.size(), "in-memory.co");
  EXPECT_EQ(File.kind(), ContainerKind::Bundle);
  EXPECT_EQ(File.path(), "in-memory.co");
  expectBothObjects(File);
  Bytes Bad = {'h', 'e', 'l', 'l', 'o'};
  try {
    CodeObjectFile Broken(Bad.data(), Bad.size(), "in-memory.co");
    ADD_FAILURE() << "no error";
  } catch (const Error &E) {
    EXPECT_EQ(std::string(E.what()).rfind("in-memory.co: ", 0), 0u) << E.what();
  }
}

TEST(CodeObjects, HostBinaryWithSeveralBundles) {
  // Two translation units: a plain and a compressed bundle, padded.
  Bytes Fatbin = twoTargetBundle();
  Fatbin.resize((Fatbin.size() + 4095) & ~size_t(4095), 0);
  Bytes Second = compressed(bundle({{"hipv4-amdgcn-amd-amdhsa--gfx1100", codeObject(Gfx1100, Map1100)}}), 1);
  Fatbin.insert(Fatbin.end(), Second.begin(), Second.end());
  Bytes Host = makeElf(62 /* x86-64 */, 0, {{".text", "code"}, {".hip_fatbin", std::string(Fatbin.begin(), Fatbin.end())}});
  TempFile F(Host);
  CodeObjectFile File(F.Path);
  EXPECT_EQ(File.kind(), ContainerKind::HostBinary);
  ASSERT_EQ(File.codeObjects().size(), 3u);
  EXPECT_EQ(File.codeObjects()[2].Target, "gfx1100");
}

TEST(CodeObjects, BadInputsGiveOneClearError) {
  EXPECT_EQ(errorOf({}), "<file>: empty file");
  EXPECT_EQ(errorOf({'h', 'e', 'l', 'l', 'o'}),
            "<file>: not an AMDGPU code object, offload bundle or HIP host binary");
  Bytes Elf = codeObject(Gfx942, Map942);
  EXPECT_EQ(errorOf(Bytes(Elf.begin(), Elf.begin() + 40)), "<file>: truncated ELF header (40 bytes)");
  EXPECT_EQ(errorOf(Bytes(Elf.begin(), Elf.begin() + 100)),
            "<file>: truncated or corrupt section header table");
  Bytes Elf32 = Elf;
  Elf32[4] = 1;
  EXPECT_EQ(errorOf(Elf32), "<file>: not a 64-bit ELF file");
  Bytes Host = makeElf(62, 0, {{".text", "code"}});
  EXPECT_EQ(errorOf(Host), "<file>: host ELF file without a .hip_fatbin section (no HIP device code)");

  Bytes Bundle = twoTargetBundle();
  EXPECT_EQ(errorOf(Bytes(Bundle.begin(), Bundle.begin() + 30)),
            "<file>: truncated offload bundle (entry count)");
  EXPECT_EQ(errorOf(Bytes(Bundle.begin(), Bundle.end() - 100)),
            "<file>: offload bundle entry 'hipv4-amdgcn-amd-amdhsa--gfx1100' extends past the end (truncated?)");
  Bytes Zstd = compressed(Bundle, 1);
  EXPECT_EQ(errorOf(Bytes(Zstd.begin(), Zstd.begin() + 12)), "<file>: truncated compressed bundle header");
  EXPECT_EQ(errorOf(Bytes(Zstd.begin(), Zstd.end() - 10)),
            "<file>: compressed bundle of " + std::to_string(Zstd.size()) +
                " bytes extends past the end (truncated?)");
  Bytes Corrupt = Zstd;
  for (size_t I = 40; I < 60 && I < Corrupt.size(); ++I)
    Corrupt[I] ^= 0x5A;
  EXPECT_EQ(errorOf(Corrupt).rfind("<file>: corrupt zstd-compressed bundle", 0), 0u) << errorOf(Corrupt);
  Bytes Zlib = compressed(Bundle, 0);
  Zlib[40] ^= 0xFF;
  EXPECT_EQ(errorOf(Zlib), "<file>: corrupt zlib-compressed bundle");
  Bytes BadMethod = compressed(Bundle, 1);
  BadMethod[6] = 7;
  EXPECT_EQ(errorOf(BadMethod), "<file>: unknown bundle compression method 7");
  Bytes Huge = compressed(Bundle, 1);
  put<uint64_t>(Huge, 16, uint64_t(1) << 40);
  EXPECT_EQ(errorOf(Huge), "<file>: corrupt compressed bundle (uncompressed size 1099511627776)");
}

TEST(CodeObjects, MissingFileAndDirectory) {
  try {
    CodeObjectFile File("/nonexistent/dir/x.co");
    FAIL();
  } catch (const Error &E) {
    EXPECT_STREQ(E.what(), "/nonexistent/dir/x.co: cannot open: No such file or directory");
  }
  try {
    CodeObjectFile File("/tmp");
    FAIL();
  } catch (const Error &E) {
    EXPECT_STREQ(E.what(), "/tmp: is a directory, not a regular file");
  }
}

TEST(FuncmapTable, ConflictingIDsAreAnErrorNamingTheFix) {
  rocprof_trace_decoder::codeobj::Funcmap Map = rocprof_trace_decoder::codeobj::parse_funcmap(
      std::string("U:1:load_a\n\0U:1:other_b\n", 24));
  EXPECT_EQ(markerIDConflict(Map, "x.co"),
            "x.co: .sqtt_funcmap line 3 gives marker ID 1 a second name (\"load_a\", then "
            "\"other_b\"; 1 conflicting ID(s)): the translation units of an -fgpu-rdc build "
            "were linked without the plugin; load it into the device link too "
            "(-Xoffload-linker --load-pass-plugin=libsqttinstrumentpass.so) so the link "
            "gives every marker a unique ID");
  EXPECT_THROW(requireUniqueMarkerIDs(Map, "x.co"), Error);
  EXPECT_NO_THROW(requireUniqueMarkerIDs(rocprof_trace_decoder::codeobj::parse_funcmap("U:1:a\n"), "y.co"));
}

TEST(FuncmapTable, OrderAndInlinedFunctions) {
  CodeObject CO;
  Bytes Elf = codeObject(Gfx942, "U:3:u\nF:2:_Z3fooi\nK:k2\nP:1:p\nK:k1\n");
  CO.Data = Elf.data();
  CO.Size = Elf.size();
  FuncmapTable T = buildFuncmapTable(CO, "x", true);
  ASSERT_EQ(T.Rows.size(), 5u);
  EXPECT_EQ(T.Rows[0].Name, "k2");
  EXPECT_EQ(T.Rows[1].Name, "k1");
  EXPECT_EQ(*T.Rows[2].ID, 1u);
  EXPECT_EQ(*T.Rows[3].ID, 2u);
  EXPECT_TRUE(T.Rows[3].Inlined);
  EXPECT_EQ(T.Rows[3].DisplayName, "foo(int)");
  EXPECT_EQ(*T.Rows[4].ID, 3u);
  EXPECT_FALSE(T.Rows[4].Inlined);
}

} // namespace
