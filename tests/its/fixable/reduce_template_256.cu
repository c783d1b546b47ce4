// arch: compute_61
// The templated reduce6 for 256 threads: a fully unrolled warp stage under `tid < 32`.
template <unsigned B> __device__ void warp_sum(volatile int* s, unsigned t) {
  if (B >= 64) s[t] += s[t + 32];
  if (B >= 32) s[t] += s[t + 16];
  if (B >= 16) s[t] += s[t + 8];
  if (B >= 8) s[t] += s[t + 4];
  if (B >= 4) s[t] += s[t + 2];
  if (B >= 2) s[t] += s[t + 1];
}
template <unsigned B> __device__ void reduce6(const int* in, int* out, unsigned n) {
  __shared__ int s[B];
  unsigned t = threadIdx.x, i = blockIdx.x * B * 2 + t, grid = B * 2 * gridDim.x;
  int sum = 0;
  while (i < n) { sum += in[i]; if (i + B < n) sum += in[i + B]; i += grid; }
  s[t] = sum;
  __syncthreads();
  if (B >= 256) { if (t < 128) s[t] += s[t + 128]; __syncthreads(); }
  if (B >= 128) { if (t < 64) s[t] += s[t + 64]; __syncthreads(); }
  if (t < 32) warp_sum<B>(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
extern "C" __global__ void reduce6_256(const int* in, int* out, unsigned n) { reduce6<256>(in, out, n); }
