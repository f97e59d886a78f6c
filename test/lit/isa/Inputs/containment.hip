// Kernels whose scopes hold distinctive work, followed by what used to let the
// work escape: data and point markers right after the exit (their payload
// branch splits the block), address traces, loops and branches after the
// scope. Each CONTAIN line names an instruction that must lie inside the
// scope on every path of the final ISA.
#include "hip_minimal.h"
#include "markers.hpp"

__device__ __attribute__((noinline, const)) float pure_call(float x) {
  return x * x + 1.0f;
}
__device__ __forceinline__ float inlined(float x, float a) { return x / a; }

// CONTAIN: divs_then_data divs v_div_fixup_f32
__global__ void divs_then_data(float *out, const float *in, float a, float b, unsigned n) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("divs");
  float y = x / a;
  y = y / b;
  y = y / (x + 1.0f);
  sqtt_marker_exit("divs");
  sqtt_marker_data("n", n);
  out[i] = y;
}

// CONTAIN: call_then_point call s_swap_?pc
__global__ void call_then_point(float *out, const float *in) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("call");
  float y = pure_call(x);
  sqtt_marker_exit("call");
  sqtt_marker_point("after_call");
  sqtt_marker_data("after_call_n", i);
  out[i] = y;
}

// CONTAIN: inlined_then_data inl v_div_fixup_f32
__global__ void inlined_then_data(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("inl");
  float y = inlined(x, a);
  sqtt_marker_exit("inl");
  sqtt_marker_data("inl_n", i);
  out[i] = y;
}

// A global store (the address space spelt out: -O0 infers none).
// CONTAIN: store_then_data st global_store
__global__ void store_then_data(float *out, const float *in, unsigned n) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("st");
  ((__attribute__((address_space(1))) float *)out)[i] = x * 3.0f;
  sqtt_marker_exit("st");
  sqtt_marker_data("st_n", n);
}

// CONTAIN: loop_inside loop v_sqrt_f32
__global__ void loop_inside(float *out, const float *in, unsigned n) {
  unsigned i = threadIdx.x;
  float acc = in[i];
  sqtt_marker_enter("loop");
  for (unsigned k = 0; k < n; ++k)
    acc = __builtin_sqrtf(acc + (float)k);
  sqtt_marker_exit("loop");
  sqtt_marker_data("loop_n", n);
  out[i] = acc;
}

// CONTAIN: divergent_inside branch v_div_fixup_f32
// CONTAIN: divergent_inside branch v_sqrt_f32
__global__ void divergent_inside(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  float y;
  sqtt_marker_enter("branch");
  if (x > 0.0f)
    y = x / a;
  else
    y = __builtin_sqrtf(-x);
  sqtt_marker_exit("branch");
  sqtt_marker_data("branch_n", i);
  out[i] = y;
}

// CONTAIN: loop_after before_loop v_div_fixup_f32
__global__ void loop_after(float *out, const float *in, float a, unsigned n) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("before_loop");
  float y = x / a;
  sqtt_marker_exit("before_loop");
  for (unsigned k = 0; k < n; ++k)
    out[i + k * 64] = y + (float)k;
}

// CONTAIN: nested_scopes outer v_div_fixup_f32
// CONTAIN: nested_scopes inner v_sqrt_f32
__global__ void nested_scopes(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("outer");
  float y = x / a;
  sqtt_marker_enter("inner");
  float z = __builtin_sqrtf(y);
  sqtt_marker_exit("inner");
  sqtt_marker_exit("outer");
  sqtt_marker_point("nested_done");
  out[i] = z + y;
}

// CONTAIN: divergent_after after_branch v_div_fixup_f32
__global__ void divergent_after(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("after_branch");
  float y = x / a;
  sqtt_marker_exit("after_branch");
  if (x > 1.0f)
    out[i] = y;
}

// An exit directly followed by an enter is one fused marker: its exit half
// closes "first" (and waits, with SQTT_WAIT_AT_EXIT=1), its enter opens
// "second".
// CONTAIN: fused_scopes first v_div_fixup_f32
// CONTAIN: fused_scopes second v_sqrt_f32
__global__ void fused_scopes(float *out, const float *in, float a) {
  unsigned i = threadIdx.x;
  float x = in[i];
  sqtt_marker_enter("first");
  float y = x / a;
  sqtt_marker_exit("first");
  sqtt_marker_enter("second");
  float z = __builtin_sqrtf(y + 2.0f);
  sqtt_marker_exit("second");
  sqtt_marker_data("fused_n", i);
  out[i] = z + y;
}
