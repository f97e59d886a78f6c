// A kernel whose records come from no loop: a branch on a kernel argument
// (every wave of a dispatch goes the same way) picks one or two points inside
// the "work" scope, so waves record 3 or 4 records. A branch on each lane's
// value would run both sides under EXEC: every wave records the same.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void branches(const float *in, float *out, int mode) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  sqtt_marker_enter("work");
  float v = in[i];
  if (mode > 0) {
    sqtt_marker_point("big");
    v = v * 2.0f;
    sqtt_marker_point("doubled");
  } else {
    sqtt_marker_point("small");
  }
  out[i] = v;
  sqtt_marker_exit("work");
}
