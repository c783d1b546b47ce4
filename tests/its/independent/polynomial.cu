// arch: compute_61
// Horner evaluation per element: arithmetic only.
extern "C" __global__ void poly(const float* x, float* y, const float* coef, int degree, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], r = 0.f;
  for (int k = degree; k >= 0; --k) r = r * v + coef[k];
  y[i] = r;
}
