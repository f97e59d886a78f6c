// HardwareCases.h - the hardware ids a scope test can tell apart, as the
// inputs of a walk (the library's own header, not installed).
#pragma once

#include "sqtt/isa/ScalarMachine.h"
#include "sqtt/isa/Verifier.h"

#include <rocprof_trace_decoder/cxx/hardware_ids.hpp>

#include <string>
#include <vector>

namespace sqtt::isa {

namespace hwid = sqtt_hardware_ids;

/// One scope dimension of a generation: its HW_ID field and the mask the
/// code object was built with.
struct IdField {
  hwid::dimension Dimension;
  hwid::field Field;
  uint32_t Mask;
  bool filters() const { return Field.valid() && Field.is_filtered_by(Mask); }
};

/// The four dimensions of \p Generation with the masks of \p Masks; none
/// for a generation whose layout is unknown.
std::vector<IdField> idFields(hwid::generation Generation, const ScopeMasks &Masks);

struct HardwareCase {
  HardwareIds Ids;
  bool Selected = true; // whether the masks let this wave record
  std::string Label;    // "cu 5", "random"
};

/// With filtered masks: every value of every filtered field (other bits
/// random, \p Limits.SamplesPerValue times) and random registers; without,
/// one case with the ids unknown. Deterministic.
std::vector<HardwareCase> hardwareCases(hwid::generation Generation, const ScopeMasks &Masks,
                                        const VerifyLimits &Limits);

/// Which ids of each filtered dimension \p Cases walked, and which of them
/// the masks select.
std::vector<FilterCoverage> filterCoverage(hwid::generation Generation, const ScopeMasks &Masks,
                                           const std::vector<HardwareCase> &Cases);

} // namespace sqtt::isa
