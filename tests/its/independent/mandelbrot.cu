// arch: compute_52
// One pixel per thread, a data-dependent loop with no communication.
extern "C" __global__ void mandel(int* out, int w, int h, float x0, float y0, float dx, float dy, int iters) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h) return;
  float cr = x0 + px * dx, ci = y0 + py * dy, zr = 0, zi = 0;
  int k = 0;
  while (k < iters && zr * zr + zi * zi < 4.f) { float t = zr * zr - zi * zi + cr; zi = 2 * zr * zi + ci; zr = t; ++k; }
  out[py * w + px] = k;
}
