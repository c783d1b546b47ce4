// arch: compute_52
// Lane 0 publishes; the lanes that read it do so under a data-dependent branch, but the join
// before that branch is reached by the whole warp: a `bar.warp.sync` there orders the exchange.
extern "C" __global__ void publish(const float* in, float* out) {
  __shared__ volatile float s[8];
  unsigned t = threadIdx.x, w = t >> 5;
  float v = in[blockIdx.x * 256 + t];
  if ((t & 31) == 0) s[w] = v;
  if (v > 0.5f) out[blockIdx.x * 256 + t] = s[w];
}
