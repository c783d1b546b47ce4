// proof: rule=asm-register-where-immediate-required arch=sm_80 tool=ptxas expect="lop3"
__global__ void k(unsigned* p, unsigned lut) {
  unsigned d;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(p[0]), "r"(p[1]), "r"(p[2]), "r"(lut));
  p[3] = d;
}
