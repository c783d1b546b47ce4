// arch: compute_52
// A loop over a lane-dependent range (each lane its own trip count for some n) with an
// exchange inside.
extern "C" __global__ void strided(float* data, int n) {
  __shared__ volatile float s[256];
  unsigned t = threadIdx.x;
  for (int k = t; k < n; k += 256) {
    s[t] = data[k];
    data[k] = s[t ^ 1];
  }
}
