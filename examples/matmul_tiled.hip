// Tiled single-precision matrix multiply C = A * B (row-major, N x N).
//
// Each workgroup computes one TILE x TILE block of C, staging tiles of A and
// B through LDS. The two __syncthreads per step are what SQTT_INSTRUMENT_BARRIERS
// times; the named scopes split each step into its load and compute phases.
#include "hip_minimal.h"
#include "markers.hpp"

constexpr int TILE = 16;

__global__ __launch_bounds__(TILE * TILE) void matmul_tiled(const float *A, const float *B,
                                                           float *C, int N) {
  __shared__ float tileA[TILE][TILE];
  __shared__ float tileB[TILE][TILE];

  const int tx = threadIdx.x % TILE;
  const int ty = threadIdx.x / TILE;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  float acc = 0.0f;
  for (int k0 = 0; k0 < N; k0 += TILE) {
    sqtt_marker_enter("load_tiles");
    tileA[ty][tx] = (row < N && k0 + tx < N) ? A[row * N + k0 + tx] : 0.0f;
    tileB[ty][tx] = (col < N && k0 + ty < N) ? B[(k0 + ty) * N + col] : 0.0f;
    __syncthreads();
    sqtt_marker_exit("load_tiles");
    sqtt_marker_enter("multiply_tile");
#pragma unroll 4
    for (int k = 0; k < TILE; ++k)
      acc += tileA[ty][k] * tileB[k][tx];
    sqtt_marker_exit("multiply_tile");
    __syncthreads();
  }
  if (row < N && col < N)
    C[row * N + col] = acc;
}
