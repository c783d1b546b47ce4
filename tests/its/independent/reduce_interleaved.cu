// arch: compute_50
// The interleaved tree reduction with a barrier at every level (reduce0).
extern "C" __global__ void reduce0(const int* in, int* out, unsigned n) {
  extern __shared__ int s[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    if (t % (2 * k) == 0) s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
