// Straight-line code with scopes and a point: the markers change nothing
// but what the plugin adds (no branch, loop or call of the kernel's own), so
// the instructions of a build with the plugin less those of a build without
// are exactly the plugin's own.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void straight(const float *in, float *out, float k) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  sqtt_marker_enter("load");
  float v = in[i];
  sqtt_marker_exit("load");
  sqtt_marker_enter("math");
  v = v * k + 1.0f;
  v = v * v;
  sqtt_marker_point("done");
  sqtt_marker_exit("math");
  out[i] = v;
}
