// proof: rule=arch-specific-feature-on-generic-target arch=sm_90 tool=nvcc expect="not supported on .target 'sm_90'"
__global__ void k() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
