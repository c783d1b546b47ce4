// proof: rule=syntax-error arch=sm_80 tool=ptxas expect="syntax error"
__global__ void k(int* p) {
  int d;
  asm("add.s32 %0, , %1;" : "=r"(d) : "r"(p[0]));
  p[1] = d;
}
