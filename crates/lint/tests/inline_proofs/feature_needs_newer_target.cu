// proof: rule=feature-needs-newer-target arch=sm_80 tool=ptxas expect="requires .target sm_90"
__global__ void k() {
#if __CUDA_ARCH__ >= 800
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}
