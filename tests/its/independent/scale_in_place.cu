// arch: compute_35
// Reads and writes the same element in place.
extern "C" __global__ void scale(double* a, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= k;
}
