// proof: rule=undeclared-register arch=sm_80 tool=ptxas expect="%q"
__global__ void k(int* p) {
  int d;
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 %%q, %1, 0;\n\tselp.b32 %0, 1, 0, p;\n\t}" : "=r"(d) : "r"(p[0]));
  p[1] = d;
}
