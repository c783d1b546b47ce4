// arch: compute_60
// A reduction over the first 16 lanes only: the warp is split by the lane.
extern "C" __global__ void half_reduce(float* data) {
  __shared__ volatile float s[256];
  unsigned t = threadIdx.x;
  s[t] = data[blockIdx.x * 256 + t];
  if ((t & 31) < 16) {
    s[t] += s[t + 8]; s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
  }
  data[blockIdx.x * 256 + t] = s[t];
}
