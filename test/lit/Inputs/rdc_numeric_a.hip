// rdc_numeric_a.hip, rdc_numeric_b.hip - two -fgpu-rdc units that both write
// numeric marker 2 and have named markers of their own: the link renumbers
// the named ones and must leave 2 to the numeric marker (D24).
#include "hip_minimal.h"
#include "markers.hpp"
extern "C" __global__ void num_a(int *out, int x) {
  sqtt_marker_enter(2u);
  sqtt_marker_enter("2"); // a named scope spelt like the numeric one
  sqtt_marker_exit("2");
  sqtt_marker_enter("a_work");
  out[0] = x * 3;
  sqtt_marker_exit("a_work");
  sqtt_marker_exit(2u);
}
