// arch: compute_52
// A 1-D stencil with a shared halo, loaded then read after a barrier.
#define R 3
#define B 256
extern "C" __global__ void stencil(const int* in, int* out) {
  __shared__ int temp[B + 2 * R];
  int g = threadIdx.x + blockIdx.x * blockDim.x;
  int l = threadIdx.x + R;
  temp[l] = in[g];
  if (threadIdx.x < R) {
    temp[l - R] = in[g - R];
    temp[l + B] = in[g + B];
  }
  __syncthreads();
  int r = 0;
  for (int o = -R; o <= R; o++) r += temp[l + o];
  out[g] = r;
}
