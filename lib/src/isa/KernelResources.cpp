// KernelResources.cpp - the metadata note's kernel resources, through
// LLVM's MessagePack document reader, and the register files.
//
// Register files (AMDGPUBaseInfo's rules, measured against llc's "Occupancy"
// remark on every target this project supports):
//   gfx90a, gfx942, gfx9-4-generic  512 per lane (VGPRs and AGPRs), granule 8, 8 waves
//   other gfx9                      256, granule 4, 10 waves, SGPR steps
//   gfx10.1                         1024 (wave32) / 512 (wave64), granule 8 / 4, 20 waves
//   gfx10.3, gfx11, gfx12, gfx1250  1024 / 512, granule 16 / 8, 16 waves
//   gfx1100, gfx1101, gfx1151, gfx1200, gfx1201, gfx12-generic
//                                   1536 / 768, granule 24 / 12, 16 waves
#include "sqtt/isa/KernelResources.h"
#include "sqtt/codeobjects/Elf.h"
#include "sqtt/support/Error.h"

#include "llvm/BinaryFormat/MsgPackDocument.h"

#include <algorithm>
#include <cstring>

namespace sqtt::isa {

namespace {

constexpr uint32_t NtAmdgpuMetadata = 32;

/// The MessagePack bytes of the AMDGPU metadata note of \p Elf.
std::string_view metadataNote(const ElfImage &Elf, const std::string &Where) {
  for (const ElfSection &S : Elf.sections()) {
    if (S.Type != 7 /* SHT_NOTE */)
      continue;
    std::string_view Notes = Elf.contents(S);
    size_t At = 0;
    auto Word = [&](size_t Off) {
      uint32_t V;
      std::memcpy(&V, Notes.data() + Off, 4);
      return V;
    };
    while (At + 12 <= Notes.size()) {
      uint32_t NameSize = Word(At), DescSize = Word(At + 4), Type = Word(At + 8);
      size_t Name = At + 12, Desc = Name + ((uint64_t(NameSize) + 3) & ~uint64_t(3));
      if (Desc > Notes.size() || DescSize > Notes.size() - Desc)
        throw Error(Where + ": a truncated ELF note");
      if (Type == NtAmdgpuMetadata && NameSize >= 6 && Notes.substr(Name, 6) == "AMDGPU")
        return Notes.substr(Desc, DescSize);
      At = Desc + ((uint64_t(DescSize) + 3) & ~uint64_t(3));
    }
  }
  throw Error(Where + ": no AMDGPU metadata note (not a code object of the amdhsa ABI, version 3 or later)");
}

uint64_t number(llvm::msgpack::MapDocNode &Map, const char *Key) {
  auto It = Map.find(Key);
  if (It == Map.end())
    return 0;
  llvm::msgpack::DocNode &N = It->second;
  if (N.getKind() == llvm::msgpack::Type::UInt)
    return N.getUInt();
  if (N.getKind() == llvm::msgpack::Type::Int)
    return uint64_t(std::max<int64_t>(0, N.getInt()));
  if (N.getKind() == llvm::msgpack::Type::Boolean)
    return N.getBool();
  return 0;
}

std::string text(llvm::msgpack::MapDocNode &Map, const char *Key) {
  auto It = Map.find(Key);
  if (It == Map.end() || It->second.getKind() != llvm::msgpack::Type::String)
    return {};
  return It->second.getString().str();
}

bool startsWith(std::string_view S, std::string_view P) { return S.substr(0, P.size()) == P; }

} // namespace

std::vector<KernelResources> kernelResources(const CodeObject &CO, const std::string &Where) {
  ElfImage Elf(CO.Data, CO.Size, Where);
  std::string_view Note = metadataNote(Elf, Where);
  llvm::msgpack::Document Doc;
  if (!Doc.readFromBlob(llvm::StringRef(Note.data(), Note.size()), /*Multi=*/false))
    throw Error(Where + ": the AMDGPU metadata note is not MessagePack");
  if (Doc.getRoot().getKind() != llvm::msgpack::Type::Map)
    throw Error(Where + ": the AMDGPU metadata note is not a map");
  llvm::msgpack::MapDocNode &Root = Doc.getRoot().getMap();
  std::vector<KernelResources> Kernels;
  auto It = Root.find("amdhsa.kernels");
  if (It == Root.end() || It->second.getKind() != llvm::msgpack::Type::Array)
    return Kernels;
  for (llvm::msgpack::DocNode &N : It->second.getArray()) {
    if (N.getKind() != llvm::msgpack::Type::Map)
      continue;
    llvm::msgpack::MapDocNode &M = N.getMap();
    KernelResources K;
    K.Name = text(M, ".name");
    K.Symbol = text(M, ".symbol");
    if (K.Symbol.size() > 3 && K.Symbol.compare(K.Symbol.size() - 3, 3, ".kd") == 0)
      K.Symbol.resize(K.Symbol.size() - 3);
    K.Sgprs = unsigned(number(M, ".sgpr_count"));
    K.Vgprs = unsigned(number(M, ".vgpr_count"));
    K.Agprs = unsigned(number(M, ".agpr_count"));
    K.SgprSpills = unsigned(number(M, ".sgpr_spill_count"));
    K.VgprSpills = unsigned(number(M, ".vgpr_spill_count"));
    K.WaveSize = unsigned(number(M, ".wavefront_size"));
    if (K.WaveSize != 32 && K.WaveSize != 64)
      K.WaveSize = 64;
    K.ScratchBytes = number(M, ".private_segment_fixed_size");
    K.LdsBytes = number(M, ".group_segment_fixed_size");
    K.DynamicStack = number(M, ".uses_dynamic_stack") != 0;
    Kernels.push_back(std::move(K));
  }
  return Kernels;
}

std::optional<RegisterFile> registerFile(std::string_view Target, unsigned WaveSize) {
  std::string_view Cpu = Target.substr(0, Target.find(':'));
  if (!startsWith(Cpu, "gfx"))
    return std::nullopt;
  bool Wave32 = WaveSize == 32;
  auto Rdna = [&](unsigned Total32, unsigned Granule32, unsigned Waves) {
    return RegisterFile{Wave32 ? Total32 : Total32 / 2, Wave32 ? Granule32 : Granule32 / 2, Waves, false};
  };
  if (Cpu == "gfx90a" || Cpu == "gfx940" || Cpu == "gfx941" || Cpu == "gfx942" || Cpu == "gfx950" ||
      Cpu == "gfx9-4-generic")
    return RegisterFile{512, 8, 8, false};
  if (startsWith(Cpu, "gfx9"))
    return RegisterFile{256, 4, 10, true};
  if (startsWith(Cpu, "gfx101") || Cpu == "gfx10-1-generic")
    return Rdna(1024, 8, 20);
  for (std::string_view Full : {"gfx1100", "gfx1101", "gfx1151", "gfx1200", "gfx1201", "gfx12-generic"})
    if (Cpu == Full)
      return Rdna(1536, 24, 16);
  if (startsWith(Cpu, "gfx10") || startsWith(Cpu, "gfx11") || startsWith(Cpu, "gfx12"))
    return Rdna(1024, 16, 16);
  return std::nullopt;
}

unsigned wavesPerSimd(const RegisterFile &File, const KernelResources &K) {
  unsigned Waves = File.MaxWaves;
  if (K.Vgprs) {
    unsigned Allocated = (K.Vgprs + File.Granule - 1) / File.Granule * File.Granule;
    Waves = std::min(Waves, File.VgprsPerLane / Allocated);
  }
  if (File.SgprSteps && K.Sgprs) {
    // gfx9's SGPR file: 800 per SIMD in steps the hardware fixes.
    unsigned BySgprs = K.Sgprs <= 80 ? 10 : K.Sgprs <= 88 ? 9 : K.Sgprs <= 100 ? 8 : 7;
    Waves = std::min(Waves, BySgprs);
  }
  return std::max(Waves, 1u);
}

} // namespace sqtt::isa
