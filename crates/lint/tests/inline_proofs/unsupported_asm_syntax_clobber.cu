// proof: rule=unsupported-asm-syntax arch=sm_80 tool=nvcc expect="The cc clobber constraint is not supported in device code"
__global__ void k(int* p, int x) {
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x) : "memory", "cc");
}
