// arch: compute_35
// A legacy vote taken by the whole warp.
extern "C" __global__ void all_positive(const int* in, int* flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int ok = __all(in[i] > 0);
  if ((threadIdx.x & 31) == 0) flags[i >> 5] = ok;
}
