// rocrand_kernels.hip - rocRAND device generators (Philox, XORWOW, MRG32k3a;
// uniform, normal and Poisson draws) as kernels: real library device code for
// check-libraries.sh.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand_kernel.h>

template <typename State>
__device__ void generate(unsigned long long Seed, float *Out, unsigned N) {
  const unsigned Id = blockIdx.x * blockDim.x + threadIdx.x;
  State S;
  rocrand_init(Seed, Id, 0, &S);
  for (unsigned I = Id; I < N; I += gridDim.x * blockDim.x)
    Out[I] = rocrand_uniform(&S) + rocrand_normal(&S);
}

__global__ void philox_uniform_normal(unsigned long long Seed, float *Out, unsigned N) {
  generate<rocrand_state_philox4x32_10>(Seed, Out, N);
}
__global__ void xorwow_uniform_normal(unsigned long long Seed, float *Out, unsigned N) {
  generate<rocrand_state_xorwow>(Seed, Out, N);
}
__global__ void mrg32k3a_uniform_normal(unsigned long long Seed, float *Out, unsigned N) {
  generate<rocrand_state_mrg32k3a>(Seed, Out, N);
}
__global__ void philox_poisson(unsigned long long Seed, unsigned *Out, unsigned N, double Lambda) {
  const unsigned Id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_philox4x32_10 S;
  rocrand_init(Seed, Id, 0, &S);
  if (Id < N)
    Out[Id] = rocrand_poisson(&S, Lambda);
}
