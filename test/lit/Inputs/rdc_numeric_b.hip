// rdc_numeric_b.hip - the second unit of rdc_numeric_a.hip's build.
#include "hip_minimal.h"
#include "markers.hpp"
extern "C" __global__ void num_b(int *out, int x) {
  sqtt_marker_enter(2u);
  sqtt_marker_point("b_tick");
  sqtt_marker_enter("b_work");
  out[0] = x + 1;
  sqtt_marker_exit("b_work");
  sqtt_marker_exit(2u);
}
