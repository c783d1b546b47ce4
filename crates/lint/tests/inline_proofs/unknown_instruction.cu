// proof: rule=unknown-instruction arch=sm_80 tool=ptxas expect="Not a name of any known instruction"
__global__ void k(int* p) {
  int d;
  asm("addd.s32 %0, %1, 1;" : "=r"(d) : "r"(p[0]));
  p[1] = d;
}
