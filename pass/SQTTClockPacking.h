//===- SQTTClockPacking.h - gfx12 shader clock in marker headers -*- C++ -*-===//
//
// A trace record reaches SQTT after a variable delay, so its timestamp says
// when it arrived, not when the wave issued it. On gfx12 the pass can store a
// window of the shader clock, sampled right at the marker, in the top
// SQTT_SHADER_CLOCK_BITS bits of each header it creates; the att step then
// corrects the header timestamps. This file decides which traces carry the
// clock and builds the packed value.
//
//===----------------------------------------------------------------------===//

#ifndef SQTT_CLOCK_PACKING_H
#define SQTT_CLOCK_PACKING_H

#include "SQTTTarget.h"

#include "rocprof_trace_decoder/cxx/marker_value.hpp"

#include <cstdint>

namespace llvm {
class CallInst;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace sqtt {

struct ClockPacking {
  unsigned Bits = 0;
  unsigned Shift = 0;

  /// Packing happens on gfx12 only, and only when asked for.
  bool appliesTo(const TargetInfo &T) const {
    return Bits != 0 && T.isGfx12();
  }
  /// The header layout the tools decode (marker_value.hpp).
  sqtt_marker_value::packed_layout layout() const { return {Bits, Shift}; }
  /// The largest marker ID the packed layout leaves room for.
  uint32_t maxID() const { return layout().max_id(); }
  /// The bits of a header below the clock window.
  uint32_t keptMask() const { return layout().kept_mask(); }
};

/// Headers the pass created carry the clock, and so does every bare exit
/// (value 1, which nothing can tell from a pass-created exit). Other numeric
/// markers.hpp values and raw payloads keep their legacy value.
bool carriesShaderClock(const llvm::CallInst &Trace);

/// (clock window << (32 - Bits)) | (Legacy & low bits), with the clock read
/// by s_getreg(SHADER_CYCLES_LO) on gfx1200/gfx1201 or
/// s_get_shader_cycles_u64 on later gfx12 parts.
llvm::Value *packShaderClock(llvm::IRBuilderBase &B, llvm::Value *Legacy,
                             const TargetInfo &Target, const ClockPacking &P);

} // namespace sqtt

#endif // SQTT_CLOCK_PACKING_H
