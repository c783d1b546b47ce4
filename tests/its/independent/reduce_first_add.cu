// arch: compute_61
// Two loads per thread, then the tree with barriers (reduce3).
extern "C" __global__ void reduce3(const float* in, float* out, unsigned n) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + t;
  float v = i < n ? in[i] : 0.f;
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) s[t] = v = v + s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = v;
}
