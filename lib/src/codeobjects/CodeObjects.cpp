// CodeObjects.cpp - every AMDGPU code object in a file.
//
// Bundle layout (clang-offload-bundler): "__CLANG_OFFLOAD_BUNDLE__", u64
// entry count, then per entry u64 offset, u64 size, u64 ID length and the ID;
// offsets are relative to the bundle start. A compressed bundle is "CCOB",
// u16 version, u16 method (0 zlib, 1 zstd), then (v2) u32 total size and u32
// uncompressed size, or (v3) u64 and u64, or (v1) just u32 uncompressed
// size; an 8-byte hash; the compressed plain bundle. A .hip_fatbin section
// holds bundles one after another, padded for alignment.
#include "sqtt/codeobjects/CodeObjects.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <string_view>

namespace sqtt {

namespace {

constexpr std::string_view BundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::string_view CompressedMagic = "CCOB";
/// Refuse to inflate a bundle claiming more than this (corrupt headers).
constexpr uint64_t MaxInflatedSize = uint64_t(16) << 30;

template <typename T> T read(const uint8_t *P) {
  T V;
  std::memcpy(&V, P, sizeof(T));
  return V;
}

bool startsWith(const uint8_t *Data, size_t Size, std::string_view Magic) {
  return Size >= Magic.size() && std::memcmp(Data, Magic.data(), Magic.size()) == 0;
}

/// The next bundle start at or after \p From, or Size.
size_t findNextBundle(const uint8_t *Data, size_t Size, size_t From) {
  for (size_t I = From; I + 4 <= Size; ++I) {
    if (Data[I] != '_' && Data[I] != 'C')
      continue;
    if (startsWith(Data + I, Size - I, BundleMagic) ||
        startsWith(Data + I, Size - I, CompressedMagic))
      return I;
  }
  return Size;
}

} // namespace

CodeObjectFile::CodeObjectFile(const std::string &Path)
    : File(std::make_unique<MappedFile>(Path)), Name(Path) {
  readContainer(File->data(), File->size());
}

CodeObjectFile::CodeObjectFile(const uint8_t *Data, size_t Size, const std::string &N) : Name(N) {
  readContainer(Data, Size);
}

void CodeObjectFile::readContainer(const uint8_t *Data, size_t Size) {
  const std::string &Path = Name;
  if (Size == 0)
    throw Error(Path + ": empty file");
  if (ElfImage::looksLikeElf(Data, Size)) {
    ElfImage Elf(Data, Size, Path);
    if (Elf.isAmdgpu()) {
      Kind = ContainerKind::CodeObject;
      addCodeObject(Data, Size, "", Path);
      return;
    }
    Kind = ContainerKind::HostBinary;
    const ElfSection *Fatbin = Elf.findSection(".hip_fatbin");
    if (!Fatbin)
      throw Error(Path + ": host ELF file without a .hip_fatbin section (no HIP device code)");
    std::string_view Bytes = Elf.contents(*Fatbin);
    readBundles(reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size(),
                Path + " (.hip_fatbin)");
    return;
  }
  if (startsWith(Data, Size, BundleMagic) || startsWith(Data, Size, CompressedMagic)) {
    Kind = ContainerKind::Bundle;
    readBundles(Data, Size, Path);
    return;
  }
  throw Error(Path + ": not an AMDGPU code object, offload bundle or HIP host binary");
}

void CodeObjectFile::readBundles(const uint8_t *Data, size_t Size, const std::string &Where) {
  size_t Pos = findNextBundle(Data, Size, 0);
  if (Pos == Size)
    throw Error(Where + ": no offload bundle found");
  while (Pos < Size) {
    size_t Consumed = 0;
    if (startsWith(Data + Pos, Size - Pos, CompressedMagic))
      readCompressedBundle(Data + Pos, Size - Pos, Consumed, Where);
    else
      readBundle(Data + Pos, Size - Pos, Consumed, Where);
    Pos = findNextBundle(Data, Size, Pos + std::max<size_t>(Consumed, 1));
  }
}

void CodeObjectFile::readBundle(const uint8_t *Data, size_t Size, size_t &Consumed,
                                const std::string &Where) {
  auto Truncated = [&](const char *What) {
    throw Error(Where + ": truncated offload bundle (" + What + ")");
  };
  size_t Pos = BundleMagic.size();
  if (Size < Pos + 8)
    Truncated("entry count");
  uint64_t Count = read<uint64_t>(Data + Pos);
  Pos += 8;
  if (Count > Size / 24)
    throw Error(Where + ": corrupt offload bundle (" + std::to_string(Count) + " entries)");
  size_t End = Pos;
  for (uint64_t I = 0; I < Count; ++I) {
    if (Size - Pos < 24)
      Truncated("entry header");
    uint64_t Offset = read<uint64_t>(Data + Pos);
    uint64_t EntrySize = read<uint64_t>(Data + Pos + 8);
    uint64_t IdLen = read<uint64_t>(Data + Pos + 16);
    Pos += 24;
    if (IdLen > Size - Pos)
      Truncated("entry ID");
    std::string Id(reinterpret_cast<const char *>(Data + Pos), size_t(IdLen));
    Pos += size_t(IdLen);
    if (EntrySize == 0) { // The host entry of a device-only bundle.
      ++Skipped;
      continue;
    }
    if (Offset > Size || EntrySize > Size - Offset)
      throw Error(Where + ": offload bundle entry '" + Id + "' extends past the end (truncated?)");
    End = std::max<size_t>(End, size_t(Offset + EntrySize));
    bool Device = Id.find("amdgcn") != std::string::npos;
    if (!Device) {
      ++Skipped;
      continue;
    }
    addCodeObject(Data + Offset, size_t(EntrySize), Id, Where);
  }
  Consumed = std::max(End, Pos);
}

void CodeObjectFile::readCompressedBundle(const uint8_t *Data, size_t Size, size_t &Consumed,
                                          const std::string &Where) {
  if (Size < 8)
    throw Error(Where + ": truncated compressed bundle header");
  uint16_t Version = read<uint16_t>(Data + 4);
  uint16_t Method = read<uint16_t>(Data + 6);
  size_t Pos = 8;
  uint64_t Total = 0, Uncompressed = 0;
  auto Need = [&](size_t N) {
    if (Size - Pos < N)
      throw Error(Where + ": truncated compressed bundle header");
  };
  switch (Version) {
  case 1:
    Need(4 + 8);
    Uncompressed = read<uint32_t>(Data + Pos);
    Pos += 4;
    break;
  case 2:
    Need(8 + 8);
    Total = read<uint32_t>(Data + Pos);
    Uncompressed = read<uint32_t>(Data + Pos + 4);
    Pos += 8;
    break;
  case 3:
    Need(16 + 8);
    Total = read<uint64_t>(Data + Pos);
    Uncompressed = read<uint64_t>(Data + Pos + 8);
    Pos += 16;
    break;
  default:
    throw Error(Where + ": unsupported compressed bundle version " + std::to_string(Version));
  }
  Pos += 8; // Truncated MD5 of the uncompressed bundle.
  if (Total != 0 && (Total > Size || Total < Pos))
    throw Error(Where + ": compressed bundle of " + std::to_string(Total) +
                " bytes extends past the end (truncated?)");
  size_t CompressedEnd = Total != 0 ? size_t(Total) : Size;
  if (Uncompressed == 0 || Uncompressed > MaxInflatedSize)
    throw Error(Where + ": corrupt compressed bundle (uncompressed size " +
                std::to_string(Uncompressed) + ")");

  const uint8_t *In = Data + Pos;
  size_t InSize = CompressedEnd - Pos;
  // The declared size is checked against what the compressed bytes can hold
  // before anything is allocated: a corrupt header must not cost gigabytes.
  // Deflate expands at most 1032:1; zstd frames state their size.
  if (Method == 1) {
    unsigned long long Frame = ZSTD_getFrameContentSize(In, InSize);
    if (Frame == ZSTD_CONTENTSIZE_ERROR)
      throw Error(Where + ": corrupt zstd-compressed bundle (no zstd frame)");
    if (Frame != ZSTD_CONTENTSIZE_UNKNOWN && Frame != Uncompressed)
      throw Error(Where + ": corrupt compressed bundle (header says " + std::to_string(Uncompressed) +
                  " bytes, the zstd frame " + std::to_string(Frame) + ")");
  }
  constexpr uint64_t MaxRatio = 4096;
  if (Uncompressed / MaxRatio > InSize)
    throw Error(Where + ": corrupt compressed bundle (" + std::to_string(Uncompressed) +
                " bytes declared from " + std::to_string(InSize) + " compressed)");

  auto Out = std::make_unique<std::vector<uint8_t>>(size_t(Uncompressed));
  if (Method == 1) {
    size_t Got = ZSTD_decompress(Out->data(), Out->size(), In, InSize);
    if (ZSTD_isError(Got) || Got != Out->size())
      throw Error(Where + ": corrupt zstd-compressed bundle" +
                  (ZSTD_isError(Got) ? std::string(": ") + ZSTD_getErrorName(Got) : std::string()));
  } else if (Method == 0) {
    uLongf Got = uLongf(Out->size());
    int Rc = ::uncompress(Out->data(), &Got, In, uLong(InSize));
    if (Rc != Z_OK || Got != Out->size())
      throw Error(Where + ": corrupt zlib-compressed bundle");
  } else {
    throw Error(Where + ": unknown bundle compression method " + std::to_string(Method));
  }
  if (!startsWith(Out->data(), Out->size(), BundleMagic))
    throw Error(Where + ": compressed bundle does not inflate to an offload bundle");
  size_t Inner = 0;
  const std::vector<uint8_t> &Bundle = *Out;
  Inflated.push_back(std::move(Out));
  readBundle(Bundle.data(), Bundle.size(), Inner, Where + " (compressed bundle)");
  // Version 1 does not record its compressed size; the rest is searched.
  Consumed = Total != 0 ? size_t(Total) : Pos;
}

void CodeObjectFile::addCodeObject(const uint8_t *Data, size_t Size, std::string EntryID,
                                   const std::string &Where) {
  std::string Label = EntryID.empty() ? Where : Where + " [" + EntryID + "]";
  ElfImage Elf(Data, Size, Label);
  if (!Elf.isAmdgpu())
    throw Error(Label + ": not an AMDGPU code object (ELF machine " +
                std::to_string(Elf.machine()) + ")");
  CodeObject CO;
  CO.Target = Elf.amdgpuTarget();
  CO.BundleEntryID = std::move(EntryID);
  CO.Data = Data;
  CO.Size = Size;
  Objects.push_back(std::move(CO));
}

} // namespace sqtt
