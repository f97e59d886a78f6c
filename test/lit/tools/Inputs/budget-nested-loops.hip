// Loops in loops with markers at every level, their trip counts kernel
// arguments (every wave of a dispatch runs them alike): a wave records the
// "rows" enter, per row a "row" point, per row and column a "col" point
// and per row a "tail" point after the inner loop, then the exit. At T
// trips per loop entry that is 2 + T * (2 + T) records. Each loop runs at
// least once (do-while): its only undecided branch is its back edge, which
// the simulator takes exactly --loop-trips - 1 times per entry with
// --exact-trips.
#include "hip_minimal.h"
#include "markers.hpp"

__global__ void nested(const float *in, float *out, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  sqtt_marker_enter("rows");
  int r = 0;
#pragma nounroll
  do {
    sqtt_marker_point("row");
    int c = 0;
#pragma nounroll
    do {
      sqtt_marker_point("col");
      acc += in[i + r * cols + c];
    } while (++c < cols);
    sqtt_marker_point("tail");
  } while (++r < rows);
  out[i] = acc;
  sqtt_marker_exit("rows");
}
