// proof: rule=unsupported-asm-syntax arch=sm_80 tool=nvcc expect="asm constraint letter 'm' is not allowed"
__global__ void k(int* p) {
  int d;
  asm volatile("mov.u32 %0, %1;" : "=r"(d) : "m"(p[1]));
  p[0] = d;
}
