// arch: compute_60
// An inclusive scan with a double buffer and a barrier per step.
extern "C" __global__ void scan(const float* in, float* out, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x, p = 0, q = 1;
  buf[t] = t < n ? in[t] : 0.f;
  __syncthreads();
  for (int d = 1; d < n; d *= 2) {
    p = 1 - p; q = 1 - p;
    if (t >= d) buf[p * n + t] = buf[q * n + t] + buf[q * n + t - d];
    else buf[p * n + t] = buf[q * n + t];
    __syncthreads();
  }
  if (t < n) out[t] = buf[p * n + t];
}
