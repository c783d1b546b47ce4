// proof: rule=asm-definition-outside-braces arch=sm_80 tool=ptxas expect="Duplicate definition"
__device__ __forceinline__ int nonzero(int x) {
  int r;
  asm volatile(".reg .pred p;\n\tsetp.ne.b32 p, %1, 0;\n\tselp.b32 %0, 1, 0, p;" : "=r"(r) : "r"(x));
  return r;
}
__global__ void k(int* a) { a[0] = nonzero(a[1]); a[2] = nonzero(a[3]); }
