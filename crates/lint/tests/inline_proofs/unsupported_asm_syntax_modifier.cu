// proof: rule=unsupported-asm-syntax arch=sm_80 tool=nvcc expect="Asm operand modifier not supported"
__global__ void k(int* p) {
  int d;
  asm volatile("add.s32 %0, %c1, 1;" : "=r"(d) : "n"(4));
  p[0] = d;
}
