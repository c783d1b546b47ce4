// proof: rule=asm-constraint-mismatch arch=sm_80 tool=ptxas expect="Arguments mismatch for instruction 'add'"
__global__ void k(int* p, float y) {
  int d;
  asm("add.u32 %0, %1, 1;" : "=r"(d) : "f"(y));
  p[0] = d;
}
