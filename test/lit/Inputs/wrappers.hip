// wrappers.hip - every markers.hpp wrapper, numeric and named, in one kernel
// that does nothing else worth a frame, plus a user helper whose only job is
// marking and a real function that function instrumentation must mark.
#include "hip_minimal.h"
#include "markers.hpp"

// A user helper: arithmetic on its argument and a numeric marker.
static __device__ __attribute__((noinline)) void checkpoint(uint32_t step) {
  sqtt_marker_point(step + 100u);
}

extern "C" __global__ void markers_only(int *out, int x) {
  sqtt_marker_enter(42u);
  out[0] = x;
  sqtt_marker_exit(42u);
  sqtt_marker_point(7u);
  sqtt_marker_enter("load");
  out[1] = x + 1;
  sqtt_marker_exit("load");
  sqtt_marker_point("tick");
  sqtt_marker_data("k", x);
  checkpoint(3u);
}

// Big enough for every threshold the test uses.
__device__ __attribute__((noinline)) int heavy(const int *in, int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i)
    acc = acc * 31 + in[i] * in[i + 1] - (in[i + 2] ^ i);
  return acc;
}

extern "C" __global__ void control(int *out, const int *in, int n) {
  out[threadIdx.x] = heavy(in, n);
}
