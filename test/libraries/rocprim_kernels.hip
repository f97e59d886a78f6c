// rocprim_kernels.hip - rocPRIM block and warp algorithms (radix sort, reduce,
// scan, warp reduce and shuffle) as kernels: real library device code for
// check-libraries.sh.
#include <hip/hip_runtime.h>
#include <rocprim/rocprim.hpp>

template <unsigned Block, unsigned Items>
__global__ __launch_bounds__(Block) void block_sort(int *Keys) {
  using Sort = rocprim::block_radix_sort<int, Block, Items>;
  __shared__ typename Sort::storage_type Storage;
  int K[Items];
  const unsigned Base = blockIdx.x * Block * Items;
  rocprim::block_load_direct_striped<Block>(threadIdx.x, Keys + Base, K);
  Sort().sort(K, Storage);
  rocprim::block_store_direct_blocked(threadIdx.x, Keys + Base, K);
}
template __global__ void block_sort<256, 4>(int *);

__global__ __launch_bounds__(256) void block_reduce_scan(const float *In, float *Out, float *Sums) {
  using Reduce = rocprim::block_reduce<float, 256>;
  using Scan = rocprim::block_scan<float, 256>;
  __shared__ typename Reduce::storage_type RS;
  __shared__ typename Scan::storage_type SS;
  const unsigned I = blockIdx.x * 256 + threadIdx.x;
  float V = In[I], Sum, Prefix;
  Reduce().reduce(V, Sum, RS);
  Scan().inclusive_scan(V, Prefix, SS);
  Out[I] = Prefix;
  if (threadIdx.x == 0)
    Sums[blockIdx.x] = Sum;
}

__global__ __launch_bounds__(256) void warp_ops(const int *In, int *Out) {
  constexpr unsigned W = rocprim::device_warp_size();
  using WReduce = rocprim::warp_reduce<int, W>;
  __shared__ typename WReduce::storage_type Storage[256 / W];
  const unsigned I = blockIdx.x * 256 + threadIdx.x;
  int R;
  WReduce().reduce(In[I], R, Storage[threadIdx.x / W]);
  Out[I] = R + rocprim::warp_shuffle(In[I], 0);
}
