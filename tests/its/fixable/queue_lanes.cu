// arch: compute_60
// Lanes of a warp hand work over through a shared counter and slots under a data branch; the
// reads come after the join, which the whole warp reaches: a `bar.warp.sync` there orders them.
extern "C" __global__ void queue(const int* in, int* out) {
  __shared__ volatile int slot[32];
  __shared__ int count;
  unsigned t = threadIdx.x;
  if (t == 0) count = 0;
  __syncthreads();
  int v = in[blockIdx.x * 32 + t];
  if (v > 0) {
    int k = atomicAdd(&count, 1);
    slot[k] = v;
  }
  out[blockIdx.x * 32 + t] = slot[t];
}
