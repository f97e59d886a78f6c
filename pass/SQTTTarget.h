//===- SQTTTarget.h - AMDGPU generation facts used by the pass --*- C++ -*-===//
//
// Classifies a function's target by the AMDGPU ISA version of its
// "target-cpu" (legacy names such as fiji included), never by a name prefix,
// and answers the per-generation questions the marker emitter asks: may it use
// s_ttracedata_imm, what is the wave size, which HW_ID fields identify the
// wave, SIMD, CU and workgroup slot (hardware_ids.hpp, shared with the tools).
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_TARGET_H
#define SQTT_TARGET_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include "rocprof_trace_decoder/cxx/hardware_ids.hpp"

#include <cstdint>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace sqtt {

/// The generations whose trace and HW_ID layouts differ (hardware_ids.hpp).
using Generation = sqtt_hardware_ids::generation;
/// A scope-filter dimension and the HW_ID field it tests.
using ScopeDimension = sqtt_hardware_ids::dimension;
using HwIdField = sqtt_hardware_ids::field;

struct TargetInfo {
  Generation Gen = Generation::unknown;
  unsigned Major = 0, Minor = 0, Stepping = 0;
  unsigned WaveSize = 0;

  bool isKnown() const { return Gen != Generation::unknown; }
  bool isGfx9() const { return Gen == Generation::gfx9; }
  /// gfx10 and gfx11 share their wait counters and HW_ID layouts.
  bool isRdna() const { return Gen == Generation::gfx10 || Gen == Generation::gfx11; }
  bool isGfx12() const { return Gen == Generation::gfx12; }
  /// s_ttracedata_imm exists from gfx10 on; the gfx9 backend cannot select it.
  bool hasImmTrace() const { return isRdna() || isGfx12(); }
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

  /// The HW_ID field scope dimension \p D tests on this target.
  HwIdField field(ScopeDimension D) const { return sqtt_hardware_ids::field_of(Gen, D); }
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

/// AMDGPU address spaces the pass tells apart.
namespace addrspace {
constexpr unsigned Flat = 0;
constexpr unsigned Global = 1;
constexpr unsigned Local = 3; // LDS
constexpr unsigned Private = 5; // Scratch
} // namespace addrspace

} // namespace sqtt

#endif // SQTT_TARGET_H
