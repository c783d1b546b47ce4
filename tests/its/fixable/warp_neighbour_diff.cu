// arch: compute_52
// Each lane subtracts its right neighbour, read through shared memory within the warp.
extern "C" __global__ void diff(const float* in, float* out) {
  __shared__ volatile float s[256 + 1];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  unsigned right = (t & 31) == 31 ? t : t + 1;
  out[blockIdx.x * 256 + t] = s[right] - s[t];
}
