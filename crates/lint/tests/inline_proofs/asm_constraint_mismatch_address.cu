// proof: rule=asm-constraint-mismatch arch=sm_90 tool=ptxas expect="32-bit address"
__global__ void k(int* p, unsigned a) {
  int d;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(d) : "r"(a) : "memory");
  p[0] = d;
}
