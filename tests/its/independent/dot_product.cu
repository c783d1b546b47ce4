// arch: compute_60
// A dot product: per-thread partials, a tree with barriers, one atomic per block.
extern "C" __global__ void dot(const float* a, const float* b, float* result, int n) {
  __shared__ float cache[256];
  float sum = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += a[i] * b[i];
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) cache[threadIdx.x] += cache[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, cache[0]);
}
