// arch: compute_35
// A legacy shuffle after `i < n`: lanes past n exit, and `shfl.sync` waits only for the
// non-exited lanes of its mask (PTX ISA 9.7.9.6).
extern "C" __global__ void guarded_shfl(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = data[i];
    data[i] = v + __shfl_xor(v, 1);
  }
}
