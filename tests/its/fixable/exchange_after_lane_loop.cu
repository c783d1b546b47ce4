// arch: compute_61
// Lane 0 publishes after a loop only it runs; lanes under a data-dependent branch read it: the
// join after lane 0's block is reached by the whole warp, where a `bar.warp.sync` goes.
extern "C" __global__ void after_loop(const int* in, int* out) {
  __shared__ volatile int s[8];
  unsigned t = threadIdx.x, w = t >> 5;
  int v = in[blockIdx.x * 256 + t];
  if ((t & 31) == 0) {
    int acc = 0;
    for (int k = 0; k < v; ++k) acc += k;
    s[w] = acc;
  }
  if (v != 0) out[blockIdx.x * 256 + t] = s[w];
}
