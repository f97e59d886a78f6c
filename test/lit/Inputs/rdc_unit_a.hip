// rdc_unit_a.hip, rdc_unit_b.hip - two translation units of an -fgpu-rdc
// build. Each numbers its markers from 1, so without the link phase their
// maps collide (load_a and other_b are both U:1). kern_a calls other_work,
// defined in unit b, so after the link kern_a holds markers of both units.
#include "hip_minimal.h"
#include "markers.hpp"
extern __device__ int other_work(int x);
extern "C" __global__ void kern_a(int *out, int x) {
  sqtt_marker_enter("load_a");
  out[0] = other_work(x);
  sqtt_marker_exit("load_a");
  sqtt_marker_point("tick_a");
}
