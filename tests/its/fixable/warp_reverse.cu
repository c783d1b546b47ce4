// arch: compute_61
// Each lane writes its slot; every lane reads the opposite lane's.
extern "C" __global__ void reverse_in_warp(int* data) {
  __shared__ volatile int s[256];
  unsigned t = threadIdx.x, base = t & ~31u, lane = t & 31;
  s[t] = data[blockIdx.x * 256 + t];
  data[blockIdx.x * 256 + t] = s[base + 31 - lane];
}
