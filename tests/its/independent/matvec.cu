// arch: compute_50
extern "C" __global__ void matvec(const float* m, const float* v, float* out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.f;
  for (int c = 0; c < cols; ++c) acc += m[r * cols + c] * v[c];
  out[r] = acc;
}
