// arch: compute_60
// A legacy vote.uni: are all lanes of the warp alike?
extern "C" __global__ void uniform_check(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i], u;
  asm("{ .reg .pred p, q; setp.ne.s32 p, %1, 0; vote.uni.pred q, p; selp.s32 %0, 1, 0, q; }" : "=r"(u) : "r"(v));
  out[i] = u;
}
