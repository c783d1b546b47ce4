// arch: compute_60
// An inclusive warp scan with legacy shuffles: the shuffles run in every lane, only the add is
// conditional.
extern "C" __global__ void shfl_scan(int* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  int v = data[i];
  for (int d = 1; d < 32; d <<= 1) {
    int n = __shfl_up(v, d);
    if (lane >= d) v += n;
  }
  data[i] = v;
}
