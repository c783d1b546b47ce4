// arch: compute_52
// The naive warp scan: only lanes at or past the offset add, under a branch on the lane.
extern "C" __global__ void scan_naive(int* data) {
  __shared__ volatile int s[256];
  unsigned t = threadIdx.x, lane = t & 31;
  s[t] = data[blockIdx.x * 256 + t];
  for (unsigned d = 1; d < 32; d <<= 1)
    if (lane >= d) s[t] += s[t - d];
  data[blockIdx.x * 256 + t] = s[t];
}
