// Kernel shapes performance engineers tune, each with scopes where the
// engineer would put them. Built plain and instrumented, every kernel must
// compare equal but for the plugin's own instructions (D38).
#include "hip_minimal.h"
#include "markers.hpp"

typedef float float4 __attribute__((ext_vector_type(4)));
struct Frag { float4 a, b, c; };

// A struct prefetched from global memory in one scope, stored to LDS two
// scopes later (double-buffered LDS).
__global__ void __launch_bounds__(256) prefetch_struct_to_lds(const Frag *in, float *out, int n) {
  __shared__ Frag lds[2][256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  lds[0][t] = in[t];
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    sqtt_marker_enter("prefetch");
    Frag next = in[(i + 1) * 256 + t];
    sqtt_marker_exit("prefetch");
    sqtt_marker_enter("compute");
    Frag o = lds[i & 1][(t + 1) & 255];
    acc += o.a.x * o.b.y + o.c.z * o.a.w;
    sqtt_marker_exit("compute");
    sqtt_marker_enter("store");
    lds[(i + 1) & 1][t] = next;
    __syncthreads();
    sqtt_marker_exit("store");
  }
  out[t] = acc;
}

// A value loaded in one scope and used in the next iteration: the load must
// overlap the math, not complete inside its scope.
__global__ void __launch_bounds__(256) streaming_prefetch(const float *in, float *out, int n, int m) {
  unsigned t = threadIdx.x;
  float next = in[t];
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    float cur = next;
    sqtt_marker_enter("load_next");
    next = in[(i + 1) * 256 + t];
    sqtt_marker_exit("load_next");
    sqtt_marker_enter("math");
    for (int k = 0; k < m; ++k)
      acc = acc * cur + 1.0f;
    sqtt_marker_exit("math");
  }
  out[t] = acc;
}

// Struct and array copies through private temporaries.
struct Row { float v[8]; };
__global__ void __launch_bounds__(256) struct_and_array_copy(const Row *in, Row *out, int n) {
  unsigned t = threadIdx.x;
  for (int i = 0; i < n; ++i) {
    sqtt_marker_enter("copy_in");
    Row r = in[i * 256 + t];
    sqtt_marker_exit("copy_in");
    sqtt_marker_enter("scale");
    for (int k = 0; k < 8; ++k)
      r.v[k] *= 2.0f;
    sqtt_marker_exit("scale");
    sqtt_marker_enter("copy_out");
    out[i * 256 + t] = r;
    sqtt_marker_exit("copy_out");
  }
}

// A software-pipelined loop: the next tile's loads issued before this
// tile's math, the stores after it.
__global__ void __launch_bounds__(256) software_pipelined(const float4 *in, float4 *out, int n) {
  unsigned t = threadIdx.x;
  float4 cur = in[t];
  for (int i = 1; i < n; ++i) {
    sqtt_marker_enter("issue_next");
    float4 nxt = in[i * 256 + t];
    sqtt_marker_exit("issue_next");
    sqtt_marker_enter("math");
    float4 r = cur * cur + 1.0f;
    sqtt_marker_exit("math");
    sqtt_marker_enter("store");
    out[(i - 1) * 256 + t] = r;
    sqtt_marker_exit("store");
    cur = nxt;
  }
  out[(n - 1) * 256 + t] = cur;
}

// LDS double buffering with a workgroup barrier per stage.
__global__ void __launch_bounds__(256) lds_double_buffer(const float *in, float *out, int n) {
  __shared__ float buf[2][256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  buf[0][t] = in[t];
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    sqtt_marker_scope s("stage");
    buf[(i + 1) & 1][t] = in[(i + 1) * 256 + t];
    acc += buf[i & 1][(t + 7) & 255];
    __syncthreads();
  }
  out[t] = acc;
}

#if defined(__gfx942__) || defined(__gfx950__)
// Global-to-LDS loads that bypass registers, where the target has them.
__global__ void __launch_bounds__(256) global_to_lds(float *in, float *out, int n) {
  __shared__ float lds[256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    sqtt_marker_enter("async_load");
    __builtin_amdgcn_global_load_lds((__attribute__((address_space(1))) void *)(in + i * 256 + t),
                                     (__attribute__((address_space(3))) void *)lds, 4, 0, 0);
    sqtt_marker_exit("async_load");
    __syncthreads();
    sqtt_marker_enter("use");
    acc += lds[(t + 1) & 255];
    sqtt_marker_exit("use");
    __syncthreads();
  }
  out[t] = acc;
}
#endif

// A warp reduction by shuffles.
__global__ void __launch_bounds__(256) shuffles(const float *in, float *out) {
  unsigned t = threadIdx.x;
  float v = in[t];
  sqtt_marker_enter("reduce");
  for (int m = 16; m > 0; m >>= 1)
    v += __shfl_xor(v, m);
  sqtt_marker_exit("reduce");
  out[t] = v;
}

// Atomics with and without a return value.
__global__ void __launch_bounds__(256) atomics(float *sum, unsigned *slots, const float *in, unsigned *where) {
  unsigned t = threadIdx.x;
  float v = in[t];
  sqtt_marker_enter("accumulate");
  atomicAdd(sum, v);
  sqtt_marker_exit("accumulate");
  sqtt_marker_enter("claim");
  unsigned slot = atomicAdd(slots, 1u);
  sqtt_marker_exit("claim");
  where[t] = slot;
}

// Loops with and without scopes around their bodies.
__global__ void __launch_bounds__(256) loops(const float *in, float *out, int n) {
  unsigned t = threadIdx.x;
  float a = 0.f, b = 0.f;
  for (int i = 0; i < n; ++i) {
    sqtt_marker_scope s("scoped_body");
    a += in[i * 256 + t] * 0.5f;
  }
  for (int i = 0; i < n; ++i)
    b += in[i * 256 + t] * a;
  out[t] = a + b;
}

#ifdef PERTURB_ON_PURPOSE
// Negative controls, built into the instrumented object only: a loaded
// value read right before an exit (what a scope tie on a load did), and a
// private array the plain build does not have.
__global__ void __launch_bounds__(256) waits_at_exit(const float *in, float *out, int n, int m) {
  unsigned t = threadIdx.x;
  float next = in[t];
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    float cur = next;
    sqtt_marker_enter("load_next");
    next = in[(i + 1) * 256 + t];
#if SQTT_ENABLED
    asm volatile("" ::"v"(next));
#endif
    sqtt_marker_exit("load_next");
    for (int k = 0; k < m; ++k)
      acc = acc * cur + 1.0f;
  }
  out[t] = acc;
}

__global__ void __launch_bounds__(256) scratch_added(const float *in, float *out, int k) {
  unsigned t = threadIdx.x;
#if SQTT_ENABLED
  volatile float tmp[16];
  for (int i = 0; i < 16; ++i)
    tmp[i] = in[i * 256 + t];
  out[t] = tmp[k & 15];
#else
  out[t] = in[(k & 15) * 256 + t];
#endif
}
#endif
