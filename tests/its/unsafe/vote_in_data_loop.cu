// arch: compute_52
// A legacy vote in a loop whose trip count is the lane's own.
extern "C" __global__ void loop_vote(const int* in, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i], votes = 0;
  for (int k = 0; k < v; ++k) votes += __all(k < 3);
  out[i] = votes;
}
