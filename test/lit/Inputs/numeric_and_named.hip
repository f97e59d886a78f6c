// Numeric and named markers in one kernel (D24): nine named markers would
// take IDs 1-9, but the source writes numeric markers 3 and 7.
#include "hip_minimal.h"
#include "markers.hpp"

extern "C" __global__ void mixed(float *p) {
  sqtt_marker_enter(7u);
  sqtt_marker_enter("compute");
  p[threadIdx.x] *= 2.0f;
  sqtt_marker_point("a");
  sqtt_marker_point("b");
  sqtt_marker_point("c");
  sqtt_marker_point(3u);
  sqtt_marker_point("d");
  sqtt_marker_point("e");
  sqtt_marker_point("f");
  sqtt_marker_point("g");
  sqtt_marker_point("h");
  sqtt_marker_exit("compute");
  sqtt_marker_exit(7u);
}
