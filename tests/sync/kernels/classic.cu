// Correct block-level kernels of the textbook kinds: a bitonic sort, a work-efficient
// (Blelloch) scan, a 256-bin histogram, a 2-D convolution with a halo, a reduction through
// per-warp partials, a matrix-vector product over shared chunks, a reversal through dynamic
// shared memory and an odd-even transposition sort. Parents for sync-mutants; compiled with
// nvcc 13 -arch=sm_80/90 -ptx.
#include <cuda_runtime.h>

extern "C" __global__ void bitonic_sort_512(float* data) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;  // 512 threads
  s[t] = data[blockIdx.x * 512 + t];
  __syncthreads();
  for (unsigned k = 2; k <= 512; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned p = t ^ j;
      if (p > t) {
        float a = s[t], b = s[p];
        bool up = (t & k) == 0;
        if ((a > b) == up) {
          s[t] = b;
          s[p] = a;
        }
      }
      __syncthreads();
    }
  }
  data[blockIdx.x * 512 + t] = s[t];
}

extern "C" __global__ void blelloch_scan_512(const float* in, float* out) {
  __shared__ float s[512];
  unsigned t = threadIdx.x;  // 256 threads, two elements each
  s[2 * t] = in[blockIdx.x * 512 + 2 * t];
  s[2 * t + 1] = in[blockIdx.x * 512 + 2 * t + 1];
  unsigned offset = 1;
  for (unsigned d = 256; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      s[bi] += s[ai];
    }
    offset <<= 1;
  }
  if (t == 0) s[511] = 0.f;
  for (unsigned d = 1; d < 512; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      unsigned ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      float x = s[ai];
      s[ai] = s[bi];
      s[bi] += x;
    }
  }
  __syncthreads();
  out[blockIdx.x * 512 + 2 * t] = s[2 * t];
  out[blockIdx.x * 512 + 2 * t + 1] = s[2 * t + 1];
}

extern "C" __global__ void histogram_256(const unsigned char* in, unsigned* out, int n) {
  __shared__ unsigned bins[256];
  unsigned t = threadIdx.x;  // 256 threads
  bins[t] = 0;
  __syncthreads();
  for (int i = blockIdx.x * 256 + t; i < n; i += gridDim.x * 256) atomicAdd(&bins[in[i]], 1u);
  __syncthreads();
  atomicAdd(&out[t], bins[t]);
}

#define R 2
extern "C" __global__ void convolve_16x16(const float* in, float* out, const float* w, int width, int height) {
  __shared__ float tile[16 + 2 * R][16 + 2 * R];
  int tx = threadIdx.x, ty = threadIdx.y;  // 16 x 16 threads
  int x0 = blockIdx.x * 16 - R, y0 = blockIdx.y * 16 - R;
  for (int y = ty; y < 16 + 2 * R; y += 16)
    for (int x = tx; x < 16 + 2 * R; x += 16) {
      int gx = min(max(x0 + x, 0), width - 1), gy = min(max(y0 + y, 0), height - 1);
      tile[y][x] = in[gy * width + gx];
    }
  __syncthreads();
  float acc = 0.f;
  for (int dy = 0; dy <= 2 * R; ++dy)
    for (int dx = 0; dx <= 2 * R; ++dx) acc += w[dy * (2 * R + 1) + dx] * tile[ty + dy][tx + dx];
  int ox = blockIdx.x * 16 + tx, oy = blockIdx.y * 16 + ty;
  if (ox < width && oy < height) out[oy * width + ox] = acc;
}

extern "C" __global__ void reduce_warp_partials(const float* in, float* out, int n) {
  __shared__ float partial[32];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  int i = blockIdx.x * blockDim.x + t;
  float v = i < n ? in[i] : 0.f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? partial[lane] : 0.f;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

extern "C" __global__ void matvec_chunks(const float* a, const float* x, float* y, int n) {
  __shared__ float xs[256];
  unsigned t = threadIdx.x;  // 256 threads
  int row = blockIdx.x * 256 + t;
  float acc = 0.f;
  for (int k0 = 0; k0 < n; k0 += 256) {
    xs[t] = k0 + t < n ? x[k0 + t] : 0.f;
    __syncthreads();
    for (int j = 0; j < 256 && k0 + j < n; ++j) acc += a[row * n + k0 + j] * xs[j];
    __syncthreads();
  }
  if (row < n) y[row] = acc;
}

extern "C" __global__ void reverse_dynamic(float* data) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x, n = blockDim.x;
  s[t] = data[blockIdx.x * n + t];
  __syncthreads();
  data[blockIdx.x * n + t] = s[n - 1 - t];
}

extern "C" __global__ void odd_even_sort_256(int* data) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;  // 256 threads
  s[t] = data[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned phase = 0; phase < 256; ++phase) {
    if ((t & 1) == (phase & 1) && t + 1 < 256) {
      int a = s[t], b = s[t + 1];
      if (a > b) {
        s[t] = b;
        s[t + 1] = a;
      }
    }
    __syncthreads();
  }
  data[blockIdx.x * 256 + t] = s[t];
}
