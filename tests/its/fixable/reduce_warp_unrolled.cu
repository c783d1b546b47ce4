// arch: compute_60
// reduce5 without templates: the tree with barriers down to 64, then the last warp unrolled
// through volatile shared memory with no barrier (lockstep warps).
__device__ void warp_reduce(volatile float* s, unsigned t) {
  s[t] += s[t + 32]; s[t] += s[t + 16]; s[t] += s[t + 8];
  s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
}
extern "C" __global__ void reduce5(const float* in, float* out, unsigned n) {
  __shared__ float s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * 512 + t;
  float v = i < n ? in[i] : 0.f;
  if (i + 256 < n) v += in[i + 256];
  s[t] = v;
  __syncthreads();
  for (unsigned k = 128; k > 32; k >>= 1) {
    if (t < k) s[t] += s[t + k];
    __syncthreads();
  }
  if (t < 32) warp_reduce(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
