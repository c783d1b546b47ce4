// arch: compute_52
// Odd lanes write what even lanes read, on the two sides of a branch on the lane.
extern "C" __global__ void odd_even(const int* in, int* out) {
  __shared__ volatile int s[256];
  unsigned t = threadIdx.x;
  if (t & 1) s[t] = in[blockIdx.x * 256 + t];
  else out[blockIdx.x * 256 + t] = s[t + 1];
}
