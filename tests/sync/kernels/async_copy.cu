// Correct cp.async pipelines: a double-buffered copy with the pipeline primitives (sm_80).
#include <cuda_pipeline.h>

extern "C" __global__ void __launch_bounds__(128) pipeline_double_buffer(const float4* in, float4* out, int tiles) {
  __shared__ float4 stage[2][128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&stage[0][t], &in[t], sizeof(float4));
  __pipeline_commit();
  for (int k = 0; k < tiles; ++k) {
    if (k + 1 < tiles) __pipeline_memcpy_async(&stage[(k + 1) & 1][t], &in[(k + 1) * 128 + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    float4 v = stage[k & 1][(t + 1) % 128];
    out[k * 128 + t] = v;
    __syncthreads();
  }
}

extern "C" __global__ void __launch_bounds__(128) pipeline_single(const float4* in, float4* out) {
  __shared__ float4 buf[128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[t], &in[blockIdx.x * 128 + t], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * 128 + t] = buf[127 - t];
}
