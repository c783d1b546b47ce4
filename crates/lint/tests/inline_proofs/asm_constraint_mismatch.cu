// proof: rule=asm-constraint-mismatch arch=sm_80 tool=ptxas expect="Arguments mismatch for instruction 'mov'"
__global__ void k(unsigned long long* p, int x) {
  unsigned long long d;
  asm("mov.b64 %0, %1;" : "=l"(d) : "r"(x));
  p[0] = d;
}
