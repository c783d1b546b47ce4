// arch: compute_61
// A work-efficient (Blelloch) scan, a barrier between every level.
extern "C" __global__ void prescan(float* out, const float* in, int n) {
  extern __shared__ float t[];
  int id = threadIdx.x, off = 1;
  t[2 * id] = in[2 * id];
  t[2 * id + 1] = in[2 * id + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (id < d) { int ai = off * (2 * id + 1) - 1, bi = off * (2 * id + 2) - 1; t[bi] += t[ai]; }
    off *= 2;
  }
  if (id == 0) t[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    off >>= 1;
    __syncthreads();
    if (id < d) { int ai = off * (2 * id + 1) - 1, bi = off * (2 * id + 2) - 1; float v = t[ai]; t[ai] = t[bi]; t[bi] += v; }
  }
  __syncthreads();
  out[2 * id] = t[2 * id];
  out[2 * id + 1] = t[2 * id + 1];
}
