// rdc_unit_b.hip - the second unit of rdc_unit_a.hip's -fgpu-rdc build.
#include "hip_minimal.h"
#include "markers.hpp"
__device__ int other_work(int x) {
  sqtt_marker_enter("other_b");
  int y = x * x + 3;
  sqtt_marker_exit("other_b");
  return y;
}
extern "C" __global__ void kern_b(int *out, int x) {
  sqtt_marker_point("tick_b");
  out[0] = other_work(x) + 1;
}
