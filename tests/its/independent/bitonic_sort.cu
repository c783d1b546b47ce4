// arch: compute_50
// Bitonic sort of one block in shared memory, a barrier after every compare-and-swap step.
extern "C" __global__ void bitonic(int* data) {
  __shared__ int s[512];
  unsigned t = threadIdx.x;
  s[t] = data[t];
  __syncthreads();
  for (unsigned k = 2; k <= 512; k <<= 1)
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = t ^ j;
      if (ixj > t) {
        int a = s[t], b = s[ixj];
        if (((t & k) == 0) == (a > b)) { s[t] = b; s[ixj] = a; }
      }
      __syncthreads();
    }
  data[t] = s[t];
}
