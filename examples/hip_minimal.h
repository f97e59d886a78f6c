// hip_minimal.h - the few HIP runtime definitions the examples use, so they
// compile with a plain clang (-x hip -nogpuinc -nogpulib) and no ROCm
// installation. With real HIP headers, include <hip/hip_runtime.h> instead.
#pragma once

#include <cstddef>
#include <cstdint>

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))

struct hip_dim3_value {
  unsigned x, y, z;
};

#define threadIdx                                                              \
  (hip_dim3_value{__builtin_amdgcn_workitem_id_x(),                            \
                  __builtin_amdgcn_workitem_id_y(),                            \
                  __builtin_amdgcn_workitem_id_z()})
#define blockIdx                                                               \
  (hip_dim3_value{__builtin_amdgcn_workgroup_id_x(),                           \
                  __builtin_amdgcn_workgroup_id_y(),                           \
                  __builtin_amdgcn_workgroup_id_z()})
#define blockDim                                                               \
  (hip_dim3_value{__builtin_amdgcn_workgroup_size_x(),                         \
                  __builtin_amdgcn_workgroup_size_y(),                         \
                  __builtin_amdgcn_workgroup_size_z()})
#define warpSize __builtin_amdgcn_wavefrontsize()

static __device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

static __device__ __forceinline__ unsigned __lane_id() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

/// Butterfly shuffle through ds_bpermute, as HIP's __shfl_xor.
static __device__ __forceinline__ float __shfl_xor(float var, int lane_mask) {
  int target = (int)(__lane_id() ^ (unsigned)lane_mask);
  return __builtin_bit_cast(
      float, __builtin_amdgcn_ds_bpermute(target << 2, __builtin_bit_cast(int, var)));
}

static __device__ __forceinline__ float atomicAdd(float *address, float value) {
  return __hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED,
                                __HIP_MEMORY_SCOPE_AGENT);
}

static __device__ __forceinline__ unsigned atomicAdd(unsigned *address, unsigned value) {
  return __hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED,
                                __HIP_MEMORY_SCOPE_AGENT);
}

// Host side: what clang's kernel launch stubs refer to. A real HIP runtime
// defines them; the tests link a stub.
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
typedef struct ihipStream_t *hipStream_t;
typedef int hipError_t;
extern "C" hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args,
                                      std::size_t shared_bytes, hipStream_t stream);
extern "C" unsigned __hipPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared_bytes = 0,
                                               hipStream_t stream = nullptr);
extern "C" hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, std::size_t *shared_bytes,
                                                hipStream_t *stream);
