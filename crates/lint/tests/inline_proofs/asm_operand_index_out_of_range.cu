// proof: rule=asm-operand-index-out-of-range arch=sm_80 tool=nvcc expect="asm operand index requested is larger than the number of asm operands provided"
__global__ void k(int* p) {
  int d;
  asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(p[0]));
  p[1] = d;
}
