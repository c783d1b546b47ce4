// arch: compute_52
// A butterfly all-reduce with legacy shuffles.
extern "C" __global__ void allreduce(int* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = data[i];
#pragma unroll
  for (int m = 16; m >= 1; m >>= 1) v += __shfl_xor(v, m);
  data[i] = v;
}
