// arch: compute_61
// A block-wide maximum, every level behind a barrier.
extern "C" __global__ void block_max(const int* in, int* out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  for (int k = 64; k > 0; k >>= 1) {
    if (t < k) s[t] = max(s[t], s[t + k]);
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
