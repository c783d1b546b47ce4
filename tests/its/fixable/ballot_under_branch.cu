// arch: compute_61
// A legacy ballot under a branch on the data whose other side only exits: `vote.sync` counts the
// non-exited lanes (PTX ISA 9.7.13.9), so the full-mask form gives the mask lockstep gave.
extern "C" __global__ void partial_ballot(const int* in, unsigned* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] & 1) out[i] = __ballot(in[i] > 100);
}
