// Memory operations of every width address tracing measures: 16-byte global
// loads and stores (float4), 16-byte and 8-byte LDS accesses, 8-byte global
// accesses (double) and a 4-byte atomic.
#include "hip_minimal.h"
#include "markers.hpp"

// A vector type: a struct copy would become a memcpy, which is not traced.
typedef float float4_t __attribute__((ext_vector_type(4)));

extern "C" __global__ void copy4(const float4_t *in, float4_t *out) {
  unsigned i = threadIdx.x;
  out[i] = in[i];
}

extern "C" __global__ void tile4(const float4_t *in, float4_t *out) {
  __shared__ float4_t tile[64];
  unsigned i = threadIdx.x & 63;
  tile[i] = in[i];
  __syncthreads();
  out[i] = tile[63 - i];
}

extern "C" __global__ void doubles(const double *d, double *dout, float *sum) {
  __shared__ double dt[64];
  unsigned i = threadIdx.x & 63;
  dt[i] = d[i];
  __syncthreads();
  dout[i] = dt[(i + 3) & 63] * 2.0;
  atomicAdd(sum, 1.0f);
}
