// Correct kernels that synchronise by more than barriers: a cuda::barrier thread 0
// initialises, a flag passing a message between warps (cuda::atomic_ref release/acquire), the
// last block of a grid found by __threadfence and an atomic counter, a shared counter zeroed
// by thread 0 and counted by atomics, and a cooperative-groups grid sync with shared memory
// on both sides. Parents for sync-mutants; compiled with nvcc 13 -arch=sm_75/80/90 -ptx.
#include <cuda/atomic>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Thread 0 initialises a block-scoped barrier, then everyone uses it (correct: syncthreads between).
__global__ void barrier_init(const float* in, float* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

// Message passing through a shared flag with atomic_ref (release/acquire).
__global__ void flag_message(float* out) {
  __shared__ int flag;
  __shared__ float value[32];
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
  if (threadIdx.x < 32) {
    value[threadIdx.x] = threadIdx.x * 2.0f;
    __syncwarp();
    if (threadIdx.x == 0) f.store(1, cuda::std::memory_order_release);
  } else {
    while (f.load(cuda::std::memory_order_acquire) == 0) {}
    out[blockIdx.x * blockDim.x + threadIdx.x] = value[threadIdx.x % 32];
  }
}

// Per-thread scratch before a fence, then a global flag handshake (last block done).
__device__ unsigned int done_count = 0;
__global__ void last_block(const float* in, float* partial, float* out) {
  __shared__ float s[256];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned int v = atomicInc(&done_count, gridDim.x);
    last = (v == gridDim.x - 1);
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    float t = 0;
    for (int b = 0; b < gridDim.x; ++b) t += partial[b];
    out[0] = t;
  }
}

// Shared counter: thread 0 zeroes it, barrier, atomics, barrier, read.
__global__ void shared_counter(const int* in, int* out) {
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0) atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = count;
}

// Grid-wide sync through cooperative groups, shared memory around it.
__global__ void grid_sync(float* data) {
  __shared__ float s[128];
  cg::grid_group g = cg::this_grid();
  s[threadIdx.x] = data[g.thread_rank()];
  __syncthreads();
  float v = s[(threadIdx.x + 1) % 128];
  g.sync();
  data[g.thread_rank()] = v;
  s[threadIdx.x] = v * 2;
  __syncthreads();
  data[g.thread_rank()] += s[127 - threadIdx.x];
}
