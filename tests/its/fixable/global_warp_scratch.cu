// arch: compute_61
// A warp exchanges values through a global scratch buffer (one pointer), lockstep-ordered.
extern "C" __global__ void global_exchange(volatile int* scratch, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  scratch[i] = i * 3;
  out[i] = scratch[i ^ 1];
}
