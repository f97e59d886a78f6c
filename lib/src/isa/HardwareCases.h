// HardwareCases.h - the hardware ids a scope test can tell apart, as the
// inputs of a walk (the library's own header, not installed).
#pragma once

#include "sqtt/isa/ScalarMachine.h"
#include "sqtt/isa/Verifier.h"

#include <string>
#include <vector>

namespace sqtt::isa {

/// One HW_ID field of a scope dimension: register (4 HW_ID, 23 HW_ID1,
/// 24 HW_ID2), first bit and width.
struct IdField {
  const char *Dimension; // "wave", "simd", "cu", "wg"
  unsigned HwReg, Offset, Width;
  uint32_t Mask;
};

/// The fields of \p Generation with the masks of \p Masks (PASS-BEHAVIOR's
/// table: HW_ID on gfx9, HW_ID1/HW_ID2 on gfx10+).
std::vector<IdField> idFields(unsigned Generation, const ScopeMasks &Masks);

struct HardwareCase {
  HardwareIds Ids;
  bool Selected = true; // whether the masks let this wave record
  std::string Label;    // "cu 5", "random"
};

/// With filtered masks: every value of every filtered field (other bits
/// random, \p Limits.SamplesPerValue times) and random registers; without,
/// one case with the ids unknown. Deterministic.
std::vector<HardwareCase> hardwareCases(unsigned Generation, const ScopeMasks &Masks, const VerifyLimits &Limits);

} // namespace sqtt::isa
