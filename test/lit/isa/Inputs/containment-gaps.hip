// Work that still leaves its scope (see containment-known-gaps.test): the
// middle end sinks a value computed in the scope into the branch after it
// that alone uses it, before the late phase ties the scope's results.
#include "hip_minimal.h"
#include "markers.hpp"

// CONTAIN: divergent_after after_branch v_div_fixup_f32
__global__ void divergent_after(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("after_branch");
  float y = x / a;
  sqtt_marker_exit("after_branch");
  if (x > 1.0f)
    out[i] = y;
}
