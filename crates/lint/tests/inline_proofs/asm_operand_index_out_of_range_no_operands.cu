// proof: rule=asm-operand-index-out-of-range arch=sm_80 tool=ptxas expect="Unknown symbol '%0'"
__global__ void k(int* p) {
  asm volatile("st.global.u32 [%0], 0;" ::: "memory");
}
