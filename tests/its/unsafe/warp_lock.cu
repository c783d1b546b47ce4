// arch: compute_61
// A lock taken by the lanes of a warp one at a time (a spin on an atomic).
extern "C" __global__ void locked_add(int* lock, int* total, const int* in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool done = false;
  while (!done) {
    if (atomicCAS(lock, 0, 1) == 0) {
      *total += in[i];
      __threadfence();
      atomicExch(lock, 0);
      done = true;
    }
  }
}
