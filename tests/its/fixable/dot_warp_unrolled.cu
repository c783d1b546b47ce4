// arch: compute_60
// A dot product finished by the last warp without barriers.
extern "C" __global__ void dot_warp(const float* a, const float* b, float* partial) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = a[i] * b[i];
  __syncthreads();
  if (t < 64) s[t] += s[t + 64];
  __syncthreads();
  if (t < 32) {
    volatile float* v = s;
    v[t] += v[t + 32]; v[t] += v[t + 16]; v[t] += v[t + 8]; v[t] += v[t + 4]; v[t] += v[t + 2]; v[t] += v[t + 1];
    if (t == 0) partial[blockIdx.x] = v[0];
  }
}
