// rdc_width_b.hip - the second unit of rdc_width_a.hip's -fgpu-rdc build.
#include "hip_minimal.h"
#include "rdc_template_load.h"
extern "C" __global__ void kern_double(double *out, const double *in) { out[0] = load_at(in, threadIdx.x); }
