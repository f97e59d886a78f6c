// rdc_template_load.h - one load at one source line, instantiated for float
// by rdc_width_a.hip and for double by rdc_width_b.hip: after an -fgpu-rdc
// link the two operations share a location and differ in width.
#pragma once
template <class T> __attribute__((noinline)) __device__ T load_at(const T *p, int i) { return p[i]; }
