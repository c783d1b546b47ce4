// Correct shared-memory reductions: a tree with a barrier per level, an unrolled fixed-size
// tree, and a warp-shuffle reduction with per-warp partials in shared memory.
#include <cuda_runtime.h>

extern "C" __global__ void reduce_tree(const float* in, float* out, unsigned n) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

template <unsigned N>
__device__ void reduce_fixed_body(const float* in, float* out, unsigned n) {
  __shared__ float s[N];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * N + t;
  s[t] = i < n ? in[i] : 0.f;
  __syncthreads();
#pragma unroll
  for (unsigned stride = N / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void __launch_bounds__(256) reduce_fixed(const float* in, float* out, unsigned n) {
  reduce_fixed_body<256>(in, out, n);
}

extern "C" __global__ void reduce_warps(const float* in, float* out, unsigned n) {
  __shared__ float partial[32];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  float v = i < n ? in[i] : 0.f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if ((t & 31) == 0) partial[t >> 5] = v;
  __syncthreads();
  if (t < 32) {
    v = t < (blockDim.x + 31) / 32 ? partial[t] : 0.f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (t == 0) out[blockIdx.x] = v;
  }
}
