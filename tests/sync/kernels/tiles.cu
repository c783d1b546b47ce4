// Correct tiled kernels: a 16 x 16 matrix multiply, a padded transpose, a 1-D stencil with
// halos, and a Hillis-Steele scan with two buffers.
#include <cuda_runtime.h>
#define TILE 16

extern "C" __global__ void matmul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[row * n + col] = acc;
}

extern "C" __global__ void transpose_padded(const float* in, float* out, int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

#define R 3
extern "C" __global__ void __launch_bounds__(128) stencil1d(const float* in, float* out, int n) {
  __shared__ float s[128 + 2 * R];
  int g = blockIdx.x * 128 + threadIdx.x;
  int l = threadIdx.x + R;
  s[l] = in[g];
  if (threadIdx.x < R) {
    s[l - R] = g >= R ? in[g - R] : 0.f;
    s[l + 128] = g + 128 < n ? in[g + 128] : 0.f;
  }
  __syncthreads();
  float acc = 0.f;
  for (int o = -R; o <= R; ++o) acc += s[l + o];
  out[g] = acc;
}

extern "C" __global__ void __launch_bounds__(256) scan_hillis_steele(const float* in, float* out) {
  __shared__ float buf[2][256];
  int t = threadIdx.x;
  int src = 0;
  buf[0][t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (int off = 1; off < 256; off <<= 1) {
    float v = buf[src][t];
    if (t >= off) v += buf[src][t - off];
    buf[1 - src][t] = v;
    src = 1 - src;
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = buf[src][t];
}

extern "C" __global__ void histogram_shared(const unsigned char* in, unsigned* bins, int n) {
  __shared__ unsigned h[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) h[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&h[in[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], h[i]);
}

extern "C" __global__ void early_exit_then_barrier(const float* in, float* out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[threadIdx.x] + s[(threadIdx.x + 1) % blockDim.x];
}
