// arch: compute_60
// A legacy shuffle reduction: every lane of the warp runs every shuffle.
extern "C" __global__ void shfl_reduce(const float* in, float* out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down(v, o);
  if ((threadIdx.x & 31) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) >> 5] = v;
}
