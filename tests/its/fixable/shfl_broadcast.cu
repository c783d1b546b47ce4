// arch: compute_35
// A legacy shuffle broadcast from lane 0.
extern "C" __global__ void bcast(float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  data[i] = __shfl(v, 0) + v;
}
