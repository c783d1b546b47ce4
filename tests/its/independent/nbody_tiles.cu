// arch: compute_60
// Bodies loaded a tile at a time into shared memory between barriers.
extern "C" __global__ void forces(const float4* pos, float3* acc, int n) {
  __shared__ float4 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = pos[i];
  float3 a = {0.f, 0.f, 0.f};
  for (int base = 0; base < n; base += 256) {
    tile[threadIdx.x] = pos[base + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < 256; ++j) {
      float dx = tile[j].x - p.x, dy = tile[j].y - p.y, dz = tile[j].z - p.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
      float s = tile[j].w * inv * inv * inv;
      a.x += dx * s; a.y += dy * s; a.z += dz * s;
    }
    __syncthreads();
  }
  acc[i] = a;
}
