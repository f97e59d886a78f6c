// A numeric marker whose ID reaches s_ttracedata through two device
// functions (not inlined when the early phase runs), next to a named marker
// that the early phase numbers first (D24).
#include "hip_minimal.h"
#include "markers.hpp"

__device__ void inner(unsigned id) {
  sqtt_marker_enter(id);
  __builtin_amdgcn_s_sleep(1);
  sqtt_marker_exit(0u);
}
__device__ void outer(unsigned id) { inner(id); }

extern "C" __global__ void nested(float *p) {
  sqtt_marker_enter("named");
  outer(1);
  p[threadIdx.x] += 1.0f;
  sqtt_marker_exit("named");
}
