// KernelResources.h - what a kernel asks of the hardware, as the code
// object's AMDGPU metadata note (NT_AMDGPU_METADATA, MessagePack) states
// it, and how many waves per SIMD its registers allow on its target.
//
// The register file per target follows the backend's own rules (total
// VGPRs per lane, allocation granule, most waves per SIMD; gfx9's SGPR
// steps), checked against the occupancy llc prints for every target in
// test/lit/isa/perturbation-waves-per-simd-as-the-backend-says.test.
#pragma once

#include "sqtt/codeobjects/CodeObjects.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqtt::isa {

struct KernelResources {
  std::string Name;   // .name: the kernel's (mangled) name
  std::string Symbol; // .symbol without ".kd"
  unsigned Sgprs = 0, Vgprs = 0, Agprs = 0; // Vgprs: every allocated one (with AGPRs on gfx90a/gfx942)
  unsigned SgprSpills = 0, VgprSpills = 0;
  unsigned WaveSize = 64;
  uint64_t ScratchBytes = 0; // .private_segment_fixed_size: per lane
  uint64_t LdsBytes = 0;     // .group_segment_fixed_size: per workgroup
  bool DynamicStack = false;
};

/// Every kernel the metadata note of \p CO describes. Throws Error
/// (prefixed with \p Where) when the note is missing or malformed.
std::vector<KernelResources> kernelResources(const CodeObject &CO, const std::string &Where);

/// A SIMD's register file as a target allocates it.
struct RegisterFile {
  unsigned VgprsPerLane = 0; // allocatable per lane, for all waves of the SIMD
  unsigned Granule = 0;      // VGPRs are allocated in steps of this
  unsigned MaxWaves = 0;     // waves per SIMD, whatever the registers
  bool SgprSteps = false;    // gfx9: the SGPR count limits waves too
};

/// The register file of \p Target ("gfx942:sramecc+:xnack-", "gfx11-generic")
/// at \p WaveSize; nullopt for a target these rules do not know.
std::optional<RegisterFile> registerFile(std::string_view Target, unsigned WaveSize);

/// The waves per SIMD \p K's registers allow on \p File.
unsigned wavesPerSimd(const RegisterFile &File, const KernelResources &K);

} // namespace sqtt::isa
