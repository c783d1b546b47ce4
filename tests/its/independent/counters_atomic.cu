// arch: compute_60
// Global atomics only: the order of the increments is not observed.
extern "C" __global__ void count_positive(const int* in, unsigned* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) atomicAdd(count, 1u);
}
