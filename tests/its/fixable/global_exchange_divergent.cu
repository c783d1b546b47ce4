// arch: compute_61
// Lanes exchange through global memory (one pointer) under a data-dependent branch whose other
// side only exits: a warp barrier is released by exited lanes (PTX ISA 9.7.12.7), so a
// `bar.warp.sync` between the store and the load orders what lockstep ordered.
extern "C" __global__ void gx(volatile float* buf, const float* in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v < 0.f) {
    buf[i] = -v;
    buf[i] += buf[i ^ 2];
  }
}
