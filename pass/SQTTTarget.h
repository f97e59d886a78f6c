//===- SQTTTarget.h - AMDGPU generation facts used by the pass --*- C++ -*-===//
//
// Classifies a function's target by the AMDGPU ISA version of its
// "target-cpu" (legacy names such as fiji included), never by a name prefix,
// and answers the per-generation questions the marker emitter asks: may it use
// s_ttracedata_imm, what is the wave size, which HW_ID fields identify the
// wave, SIMD, CU and workgroup slot.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_TARGET_H
#define SQTT_TARGET_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sqtt {

enum class GfxGen { Unknown, GFX9, RDNA, GFX12 };

/// One scope-filter dimension: the s_getreg immediate that reads the hardware
/// field.
struct HwIdField {
  uint16_t GetRegImm;

  /// The parts of GetRegImm (see hwregImm): register, first bit, width.
  unsigned hwreg() const { return GetRegImm & 63; }
  unsigned offset() const { return (GetRegImm >> 6) & 31; }
  unsigned bits() const { return ((GetRegImm >> 11) & 31) + 1; }
  /// The mask bits of the ids the field can hold (2^bits of them, at most
  /// 32: a mask tests ids 0-31). A mask with all of them set filters nothing.
  uint32_t idMask() const {
    return bits() >= 5 ? 0xFFFFFFFFu : (1u << (1u << bits())) - 1;
  }
};

struct TargetInfo {
  GfxGen Gen = GfxGen::Unknown;
  unsigned Major = 0, Minor = 0, Stepping = 0;
  unsigned WaveSize = 0;

  bool isKnown() const { return Gen != GfxGen::Unknown; }
  /// s_ttracedata_imm exists from gfx10 on; the gfx9 backend cannot select it.
  bool hasImmTrace() const { return Gen == GfxGen::RDNA || Gen == GfxGen::GFX12; }
  /// gfx12 parts above gfx1201 read the shader clock with
  /// s_get_shader_cycles_u64 instead of s_getreg.
  bool hasShaderCyclesU64() const;

  /// gfx1200 and gfx1201 SALU reads of an SGPR written just before need
  /// s_wait_alu; the backend adds it, except inside inline asm.
  bool needsSaluWaitInAsm() const;

  /// Whether inline asm may branch on VCCZ with VCC written by the backend
  /// just before: gfx9 leaves VCCZ stale after partial VCC writes, and the
  /// gfx1200/gfx1201 SGPR read hazard needs an s_wait_alu between an SALU
  /// write of VCC and its read that the backend cannot put inside asm.
  bool canBranchOnVccInAsm() const;

  /// gfx11 wave64: an SALU write of an SGPR that VALU read as a lane mask
  /// needs s_waitcnt_depctr sa_sdst(0) before SALU reads it; the backend adds
  /// it after its own writes, never after those inside asm.
  bool hasMaskWriteHazard() const { return Major == 11 && WaveSize == 64; }

  HwIdField waveField() const;
  HwIdField simdField() const;
  HwIdField cuField() const;
  HwIdField workgroupField() const;
};

/// Classifies an AMDGPU processor name ("gfx942", "gfx1100", "fiji", ...).
/// \p Features is the function's "target-features" string (for wave64 on
/// gfx10+).
TargetInfo classifyProcessor(llvm::StringRef CPU, llvm::StringRef Features = "");

/// Classifies \p F from its "target-cpu" attribute; Unknown without it.
TargetInfo classifyFunction(const llvm::Function &F);

/// A defined function the pass works on, with its target.
struct TargetFunction {
  llvm::Function *F;
  TargetInfo Target;
};

/// Defined functions of a known AMDGPU generation, in module order.
llvm::SmallVector<TargetFunction, 16> targetFunctions(llvm::Module &M);

bool isKernel(const llvm::Function &F);

/// The s_getreg immediate: id | offset << 6 | (size - 1) << 11.
constexpr uint16_t hwregImm(unsigned Id, unsigned Offset, unsigned Size) {
  return static_cast<uint16_t>(Id | (Offset << 6) | ((Size - 1) << 11));
}

/// AMDGPU address spaces the pass tells apart.
namespace addrspace {
constexpr unsigned Flat = 0;
constexpr unsigned Global = 1;
constexpr unsigned Local = 3; // LDS
constexpr unsigned Private = 5; // Scratch
} // namespace addrspace

namespace hwreg {
constexpr unsigned HW_ID = 4;             // gfx9
constexpr unsigned HW_ID1 = 23;           // gfx10+
constexpr unsigned HW_ID2 = 24;           // gfx10+
constexpr unsigned SHADER_CYCLES_LO = 29; // gfx12
} // namespace hwreg

} // namespace sqtt

#endif // SQTT_TARGET_H
