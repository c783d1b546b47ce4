// arch: compute_60
// Lanes whose input is positive exchange through shared memory; the others do not.
extern "C" __global__ void pick(const int* in, int* out) {
  __shared__ volatile int s[256];
  unsigned t = threadIdx.x;
  int v = in[blockIdx.x * 256 + t];
  if (v > 0) {
    s[t] = v;
    out[blockIdx.x * 256 + t] = s[t ^ 1];
  }
  __syncthreads();
}
