// arch: compute_35
extern "C" __global__ void fill(unsigned* p, unsigned value, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value;
}
