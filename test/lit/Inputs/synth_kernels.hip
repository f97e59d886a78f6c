// Kernels for the simulator's code-following edge cases: a scope whose
// numeric ID is data (blockIdx.x + 7) inside a named one, and a code object
// whose first kernel records no marker.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void plain_kernel(float *out) { out[threadIdx.x] = 1.0f; }

__global__ void marked_kernel(float *out, int n) {
  sqtt_marker_enter("outer");
  sqtt_marker_enter(blockIdx.x + 7u);
  if (threadIdx.x < unsigned(n))
    out[threadIdx.x] *= 2.0f;
  sqtt_marker_exit(blockIdx.x + 7u);
  sqtt_marker_point("after");
  sqtt_marker_exit("outer");
}
