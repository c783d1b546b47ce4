// proof: rule=unsupported-asm-syntax arch=sm_80 tool=nvcc expect="symbolic operand reference not supported"
__global__ void k(int* p, int x) {
  asm volatile("st.global.u32 [%[ptr]], %1;" :: [ptr] "l"(p), "r"(x) : "memory");
}
