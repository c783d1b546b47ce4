// arch: compute_52
// A per-warp maximum through volatile shared memory (butterfly partners in the same warp),
// every lane running every step.
extern "C" __global__ void warp_max(const int* in, int* out) {
  __shared__ volatile int s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  s[t] = max(s[t], s[t ^ 16]);
  s[t] = max(s[t], s[t ^ 8]);
  s[t] = max(s[t], s[t ^ 4]);
  s[t] = max(s[t], s[t ^ 2]);
  s[t] = max(s[t], s[t ^ 1]);
  if ((t & 31) == 0) out[blockIdx.x * 4 + (t >> 5)] = s[t];
}
