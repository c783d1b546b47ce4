// arch: compute_60
// The SDK warp scan with a zero-padded buffer: no branch, lanes read their neighbours.
extern "C" __global__ void warp_scan(const unsigned* in, unsigned* out) {
  __shared__ volatile unsigned s[2 * 128];
  unsigned t = threadIdx.x;
  unsigned idx = 2 * t - (t & 31);
  s[idx] = 0;
  idx += 32;
  unsigned v = in[blockIdx.x * 128 + t];
  s[idx] = v;
  s[idx] = v = v + s[idx - 1];
  s[idx] = v = v + s[idx - 2];
  s[idx] = v = v + s[idx - 4];
  s[idx] = v = v + s[idx - 8];
  s[idx] = v = v + s[idx - 16];
  out[blockIdx.x * 128 + t] = v;
}
