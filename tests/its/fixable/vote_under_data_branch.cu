// arch: compute_35
// A legacy vote under a data branch whose other side only exits: `vote.sync` reduces over the
// non-exited lanes of its mask (PTX ISA 9.7.13.9), the lanes lockstep's vote counted.
extern "C" __global__ void partial_vote(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (v != 0) out[i] = __any(v > 10);
}
