// arch: compute_61
// Warp-aggregated atomics: a ballot elects a leader that adds for the warp; a shuffle hands
// its result to the others.
extern "C" __global__ void aggregated(int* counter, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  unsigned mask = __ballot(1);
  int leader = __ffs(mask) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(mask));
  base = __shfl(base, leader);
  out[i] = base + __popc(mask & ((1u << lane) - 1));
}
