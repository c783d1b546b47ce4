// arch: compute_61
// A legacy ballot counted by lane 0.
extern "C" __global__ void count_set(const int* in, int* counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned b = __ballot(in[i] != 0);
  if ((threadIdx.x & 31) == 0) counts[i >> 5] = __popc(b);
}
