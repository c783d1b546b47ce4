// arch: compute_35
// A transpose through global memory only.
extern "C" __global__ void transpose_naive(float* out, const float* in, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) out[x * height + y] = in[y * width + x];
}
