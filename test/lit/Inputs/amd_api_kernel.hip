// One kernel written against ROCm's marker API: built with -DAMD_HEADER it
// sees that API's declarations (amd_sqtt_marker_api.h), without it this
// project's markers.hpp. Both must give the same markers and funcmap.
#include "hip_minimal.h"
#ifdef AMD_HEADER
#include "amd_sqtt_marker_api.h"
#else
#include "markers.hpp"
#endif

// An RAII scope as RCCL writes one: the name is the constructor's
// parameter, the exit names nothing.
struct Phase {
  __device__ explicit Phase(const char *n) { sqtt_marker_enter(n); }
  __device__ ~Phase() { sqtt_marker_exit(nullptr); }
};

// Helpers that only enter or only exit: their markers are the caller's.
__device__ __attribute__((noinline)) void begin_reduce() { sqtt_marker_enter("reduce"); }
__device__ __attribute__((noinline)) void end_reduce() { sqtt_marker_exit("reduce"); }

extern "C" __global__ void amd_api(float *p, int n) {
  sqtt_marker_enter("load");
  float v = p[threadIdx.x];
  sqtt_marker_exit("load");
  {
    Phase ph("compute");
    v = v * 2.0f + 1.0f;
    sqtt_marker_point("mid");
  }
  sqtt_marker_data("n", uint32_t(n));
  sqtt_marker_enter_id(40);
  v += 3.0f;
  sqtt_marker_exit_id(40);
  sqtt_marker_point_id(41);
  begin_reduce();
  v *= 3.0f;
  end_reduce();
  p[threadIdx.x] = v;
}
