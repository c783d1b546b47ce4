// arch: compute_60
// A legacy shuffle inside a data-dependent branch: it acts on the lanes that took it.
extern "C" __global__ void partial_shfl(float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  if (v > 0.f) v += __shfl_down(v, 1);
  data[i] = v;
}
