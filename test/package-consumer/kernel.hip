// An instrumented kernel: a named region, a barrier and a helper function
// large enough for SQTT_INSTRUMENT_FUNCTIONS=1.
#include "hip_minimal.h"
#include "markers.hpp"

__device__ __attribute__((noinline)) float scale(float v, float s) {
  return v * s + 1.0f;
}

__global__ void consumer_kernel(float *data, float s) {
  __shared__ float tile[64];
  sqtt_marker_enter("load");
  tile[threadIdx.x % 64] = data[blockIdx.x * 64 + threadIdx.x % 64];
  sqtt_marker_exit("load");
  __syncthreads();
  data[blockIdx.x * 64 + threadIdx.x % 64] = scale(tile[(threadIdx.x + 1) % 64], s);
}
