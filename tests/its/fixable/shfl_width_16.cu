// arch: compute_52
// A legacy shuffle within halves of the warp (width 16): every lane still runs it.
extern "C" __global__ void half_sum(float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  v += __shfl_xor(v, 8, 16);
  v += __shfl_xor(v, 4, 16);
  data[i] = v;
}
