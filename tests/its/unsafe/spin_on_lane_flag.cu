// arch: compute_60
// Lane 0 sets a flag the other lanes of its warp spin on.
extern "C" __global__ void spin(int* out) {
  __shared__ volatile int flag[8];
  unsigned t = threadIdx.x, w = t >> 5;
  flag[w] = 0;
  __syncthreads();
  if ((t & 31) == 0) flag[w] = out[w];
  while (flag[w] == 0) {}
  out[blockIdx.x * 256 + t] = flag[w];
}
