// Scopes whose time is all markers and one whose time is all work: what
// sqtt-verify --cost --trace estimates the markers take of each.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void shares(float *p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Nothing but markers: the nested scope's enter and exit, then its own exit.
  sqtt_marker_enter("only_markers");
  sqtt_marker_enter("empty");
  sqtt_marker_exit("empty");
  sqtt_marker_exit("only_markers");
  // 128 dependent multiply-adds between an enter and an exit.
  sqtt_marker_enter("heavy");
  float x = p[i];
#pragma unroll
  for (int k = 0; k < 128; ++k)
    x = x * 1.0001f + 0.5f;
  p[i] = x;
  sqtt_marker_exit("heavy");
}
