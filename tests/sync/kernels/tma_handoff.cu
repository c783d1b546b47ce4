// TMA + mbarrier pipelines written for the synchronisation analysis (sm_90a).
#include <cuda.h>
#include <cstdint>

__device__ __forceinline__ uint32_t smem_addr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count));
}
__device__ __forceinline__ void fence_barrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t *bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t *bar, uint32_t phase) {
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "WAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n"
      "}\n" ::"r"(smem_addr(bar)), "r"(phase) : "memory");
}
__device__ __forceinline__ void tma_load_2d(void *dst, const CUtensorMap *map, uint64_t *bar, int x, int y) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
      ::"r"(smem_addr(dst)), "l"(map), "r"(smem_addr(bar)), "r"(x), "r"(y) : "memory");
}
__device__ __forceinline__ void tma_store_2d(const CUtensorMap *map, const void *src, int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(map), "r"(smem_addr(src)), "r"(x), "r"(y) : "memory");
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
__device__ __forceinline__ void bulk_wait_read0() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }
__device__ __forceinline__ void fence_proxy_async() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

constexpr int TILE = 64;
constexpr int STAGES = 3;

__device__ __forceinline__ bool elect_one() {
  uint32_t pred;
  asm volatile("{\n.reg .pred p;\nelect.sync _|p, 0xffffffff;\nselp.u32 %0, 1, 0, p;\n}\n" : "=r"(pred));
  return pred != 0;
}
__device__ __forceinline__ void named_sync(int id, int n) { asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory"); }
__device__ __forceinline__ void named_arrive(int id, int n) { asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory"); }

// Warp-specialised ring, producer in the last warp (elected lane), two consumer warps that
// wait on the full barrier of each stage and free it through the empty barrier.
__global__ void __launch_bounds__(96) ws_ring_last_warp(const __grid_constant__ CUtensorMap map, float *out, int k_tiles) {
  __shared__ alignas(128) float buf[STAGES][TILE * TILE];
  __shared__ uint64_t full[STAGES], empty[STAGES];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], 2);
    }
    fence_barrier_init();
  }
  __syncthreads();
  if (warp == 2) {
    if (elect_one()) {
      for (int k = 0; k < k_tiles; ++k) {
        int s = k % STAGES;
        if (k >= STAGES) mbar_wait(&empty[s], ((k / STAGES) - 1) & 1);
        mbar_expect_tx(&full[s], sizeof(buf[0]));
        tma_load_2d(buf[s], &map, &full[s], k * TILE, blockIdx.x * TILE);
      }
    }
  } else {
    float acc = 0.f;
    for (int k = 0; k < k_tiles; ++k) {
      int s = k % STAGES;
      mbar_wait(&full[s], (k / STAGES) & 1);
      for (int i = threadIdx.x; i < TILE * TILE; i += 64) acc += buf[s][i];
      __syncwarp();
      if (lane == 0) mbar_arrive(&empty[s]);
    }
    out[blockIdx.x * 64 + threadIdx.x] = acc;
  }
}

// One thread loads and waits; a CTA barrier publishes each tile to the other warps, a
// second one frees the buffer.
__global__ void __launch_bounds__(128) publish_by_barrier(const __grid_constant__ CUtensorMap map, float *out, int k_tiles) {
  __shared__ alignas(128) float tile[TILE * TILE];
  __shared__ uint64_t bar;
  int warp = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    fence_barrier_init();
  }
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < k_tiles; ++k) {
    if (threadIdx.x == 0) {
      mbar_expect_tx(&bar, sizeof(tile));
      tma_load_2d(tile, &map, &bar, k * TILE, blockIdx.x * TILE);
      mbar_wait(&bar, k & 1);
    }
    __syncthreads();
    if (warp != 0)
      for (int i = threadIdx.x - 32; i < TILE * TILE; i += 96) acc += tile[i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Producer warp and consumer warps hand stages over through named barriers: the producer
// waits for the load and arrives at barrier 1, the consumers sync on it, read, and arrive at
// barrier 2, which the producer syncs on before it refills.
__global__ void __launch_bounds__(160) ws_named_barriers(const __grid_constant__ CUtensorMap map, float *out, int k_tiles) {
  __shared__ alignas(128) float tile[TILE * TILE];
  __shared__ uint64_t bar;
  int warp = threadIdx.x / 32;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    fence_barrier_init();
  }
  __syncthreads();
  if (warp == 0) {
    for (int k = 0; k < k_tiles; ++k) {
      if (k > 0) named_sync(2, 160);
      if (threadIdx.x == 0) {
        mbar_expect_tx(&bar, sizeof(tile));
        tma_load_2d(tile, &map, &bar, k * TILE, blockIdx.x * TILE);
        mbar_wait(&bar, k & 1);
      }
      __syncwarp();
      named_arrive(1, 160);
    }
  } else {
    float acc = 0.f;
    for (int k = 0; k < k_tiles; ++k) {
      named_sync(1, 160);
      for (int i = threadIdx.x - 32; i < TILE * TILE; i += 128) acc += tile[i];
      if (k + 1 < k_tiles) named_arrive(2, 160);
    }
    out[blockIdx.x * 128 + threadIdx.x - 32] = acc;
  }
}

// The producer waits for the load and releases a flag; the consumers acquire it.
__global__ void __launch_bounds__(64) publish_by_flag(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ alignas(128) float tile[TILE * TILE];
  __shared__ uint64_t bar;
  __shared__ int ready;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    ready = 0;
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(&bar, sizeof(tile));
    tma_load_2d(tile, &map, &bar, 0, blockIdx.x * TILE);
    mbar_wait(&bar, 0);
    asm volatile("st.release.cta.shared.b32 [%0], %1;" ::"r"(smem_addr(&ready)), "r"(1) : "memory");
  } else {
    int seen = 0;
    while (!seen) asm volatile("ld.acquire.cta.shared.b32 %0, [%1];" : "=r"(seen) : "r"(smem_addr(&ready)) : "memory");
    float acc = 0.f;
    for (int i = threadIdx.x - 1; i < TILE * TILE; i += 63) acc += tile[i];
    out[blockIdx.x * 64 + threadIdx.x] = acc;
  }
}
