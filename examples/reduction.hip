// Sum reduction of a float array into one value.
//
// Each thread accumulates a grid-stride slice, the wave reduces with
// butterfly shuffles (ds_bpermute), one lane per wave publishes through LDS,
// the first wave reduces those partials and lane 0 adds the block's sum to
// the result with a global atomic.
#include "hip_minimal.h"
#include "markers.hpp"

constexpr int BLOCK = 256;

static __device__ float wave_reduce(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  return v;
}

__global__ __launch_bounds__(BLOCK) void reduce_sum(const float *in, float *out,
                                                    unsigned n, unsigned *blocks_done) {
  __shared__ float partial[BLOCK / 32];

  sqtt_marker_enter("accumulate");
  float sum = 0.0f;
  for (unsigned i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * 1024u)
    sum += in[i];
  sqtt_marker_exit("accumulate");

  sqtt_marker_enter("wave_reduce");
  sum = wave_reduce(sum);
  const unsigned lane = __lane_id();
  const unsigned wave = threadIdx.x / warpSize;
  if (lane == 0)
    partial[wave] = sum;
  sqtt_marker_exit("wave_reduce");
  __syncthreads();

  if (wave == 0) {
    const unsigned waves = BLOCK / warpSize;
    float v = lane < waves ? partial[lane] : 0.0f;
    v = wave_reduce(v);
    if (lane == 0) {
      atomicAdd(out, v);
      unsigned done = atomicAdd(blocks_done, 1u);
      sqtt_marker_data("blocks_done", done);
      sqtt_marker_point("block_published");
    }
  }
}
