// A particle step with nested device helpers and every kind of user marker.
//
// integrate() calls apply_forces(), which calls pairwise(); each level opens
// its own named scope, "forces" -> "integrate" is a fused exit+enter
// transition, a point marks the boundary check and a data marker records the
// particle count each wave handled. Numeric markers (no plugin needed) wrap
// the whole step.
#include "hip_minimal.h"
#include "markers.hpp"

struct Particle {
  float x, y, vx, vy;
};

static __device__ __attribute__((noinline)) float pairwise(const Particle &a,
                                                           const Particle &b) {
  sqtt_marker_enter("pairwise");
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float r2 = dx * dx + dy * dy + 1e-3f;
  const float f = 1.0f / (r2 * __builtin_sqrtf(r2));
  sqtt_marker_exit("pairwise");
  return f;
}

static __device__ float apply_forces(const Particle *ps, int n, int self, float &fx,
                                     float &fy) {
  float work = 0.0f;
  for (int j = 0; j < n; ++j) {
    if (j == self)
      continue;
    const float f = pairwise(ps[self], ps[j]);
    fx += f * (ps[j].x - ps[self].x);
    fy += f * (ps[j].y - ps[self].y);
    work += f;
  }
  return work;
}

__global__ void particle_step(Particle *ps, int n, float dt, float *energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  sqtt_marker_enter(1000u);
  if (i < n) {
    float fx = 0.0f, fy = 0.0f;
    sqtt_marker_enter("forces");
    const float work = apply_forces(ps, n, i, fx, fy);
    sqtt_marker_exit("forces");
    sqtt_marker_enter("integrate");
    Particle p = ps[i];
    p.vx += fx * dt;
    p.vy += fy * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    sqtt_marker_point("bounds_check");
    if (p.x < 0.0f || p.x > 1.0f)
      p.vx = -p.vx;
    if (p.y < 0.0f || p.y > 1.0f)
      p.vy = -p.vy;
    ps[i] = p;
    energy[i] = 0.5f * (p.vx * p.vx + p.vy * p.vy) + work;
    sqtt_marker_exit("integrate");
  }
  sqtt_marker_data("particles", (uint32_t)n);
  sqtt_marker_exit(1000u);
}
