// arch: compute_52
// A row convolution: a tile and its apron in shared memory, read after a barrier.
#define RADIUS 4
__constant__ float weights[2 * RADIUS + 1];
extern "C" __global__ void row_filter(const float* in, float* out, int w) {
  __shared__ float tile[128 + 2 * RADIUS];
  int x = blockIdx.x * 128 + threadIdx.x;
  tile[threadIdx.x + RADIUS] = x < w ? in[x] : 0.f;
  if (threadIdx.x < RADIUS) {
    tile[threadIdx.x] = x >= RADIUS ? in[x - RADIUS] : 0.f;
    tile[threadIdx.x + 128 + RADIUS] = x + 128 < w ? in[x + 128] : 0.f;
  }
  __syncthreads();
  float r = 0.f;
  for (int k = -RADIUS; k <= RADIUS; ++k) r += weights[k + RADIUS] * tile[threadIdx.x + RADIUS + k];
  if (x < w) out[x] = r;
}
