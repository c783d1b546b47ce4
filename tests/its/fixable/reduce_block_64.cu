// arch: compute_52
// A 64-thread block: one barrier, then warp 0 finishes through volatile shared memory.
extern "C" __global__ void reduce64(const double* in, double* out) {
  __shared__ double s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    volatile double* v = s;
    v[t] += v[t + 32]; v[t] += v[t + 16]; v[t] += v[t + 8];
    v[t] += v[t + 4]; v[t] += v[t + 2]; v[t] += v[t + 1];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
