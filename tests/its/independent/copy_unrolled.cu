// arch: compute_35
extern "C" __global__ void copy4(const int4* in, int4* out, int n) {
  int i = blockIdx.x * blockDim.x * 4 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    if (i + k * blockDim.x < n) out[i + k * blockDim.x] = in[i + k * blockDim.x];
}
