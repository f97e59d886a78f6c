// An address-traced kernel (SQTT_TRACE_ADDRESSES=memory,lds): a scope of a
// traced global load, one of traced LDS shuffles (each lane's address read
// in the plugin's lane loop, as the demo's wave_reduce), and one of nothing
// but markers. What the instruction views mark as inserted and what
// sqtt-verify --cost --trace estimates must agree.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void traced(const float *in, float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Nothing but markers: a point between an enter and an exit.
  sqtt_marker_enter("only_markers");
  sqtt_marker_point("inside");
  sqtt_marker_exit("only_markers");
  sqtt_marker_enter("load");
  float v = in[i];
  sqtt_marker_exit("load");
  sqtt_marker_enter("shuffles");
#pragma unroll
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor(v, m);
  sqtt_marker_exit("shuffles");
  out[i] = v;
}
