// rdc_width_a.hip, rdc_width_b.hip - two units of an -fgpu-rdc build whose
// address traces meet at one line of rdc_template_load.h with 4- and 8-byte
// loads.
#include "hip_minimal.h"
#include "rdc_template_load.h"
extern "C" __global__ void kern_float(float *out, const float *in) { out[0] = load_at(in, threadIdx.x); }
