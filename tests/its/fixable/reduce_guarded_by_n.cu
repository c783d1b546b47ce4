// arch: compute_61
// A warp reduction through shared memory under `i < n`, whose other side only exits: the lanes
// past n leave the kernel, and a warp barrier is released by exited lanes (PTX ISA 9.7.12.7).
extern "C" __global__ void reduce_n(const float* in, float* out, unsigned n) {
  __shared__ volatile float s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * 256 + t;
  s[t] = 0.f;
  __syncthreads();
  if (i < n) {
    s[t] = in[i];
    s[t] += s[t ^ 16]; s[t] += s[t ^ 8]; s[t] += s[t ^ 4]; s[t] += s[t ^ 2]; s[t] += s[t ^ 1];
    out[i] = s[t];
  }
}
