// arch: compute_52
// A whole-warp vote decides to leave together.
extern "C" __global__ void any_exit(const float* in, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (!__any(v > 1.f)) return;
  out[i] = v * 2.f;
}
