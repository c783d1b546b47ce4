// arch: compute_60
// A legacy shuffle in a loop whose trip count is each lane's own.
extern "C" __global__ void repeat_shfl(const int* counts, float* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  for (int k = 0; k < counts[i]; ++k) v = __shfl(v, (threadIdx.x + 1) & 31);
  data[i] = v;
}
