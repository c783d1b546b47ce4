// proof: rule=unsupported-asm-syntax arch=sm_80 tool=ptxas expect="syntax error"
__global__ void k() {
  asm volatile("{ .reg .b32 t; mov.u32 t, %%laneid; }" ::: "memory");
}
