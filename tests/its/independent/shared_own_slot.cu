// arch: compute_61
// Shared memory as per-thread scratch: each thread reads only what it wrote.
extern "C" __global__ void own_slot(const float* in, float* out) {
  __shared__ float s[256][4];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k) s[t][k] = in[4 * (blockIdx.x * 256 + t) + k];
  float acc = 0.f;
  for (int k = 0; k < 4; ++k) acc += s[t][k] * s[t][3 - k];
  out[blockIdx.x * 256 + t] = acc;
}
