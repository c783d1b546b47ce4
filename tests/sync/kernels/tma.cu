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

// One tile loaded by TMA, read by every thread after the mbarrier's phase completes.
__global__ void __launch_bounds__(128) tma_load_tile(const __grid_constant__ CUtensorMap map, float *out) {
  __shared__ alignas(128) float tile[TILE * TILE];
  __shared__ uint64_t bar;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(&bar, sizeof(tile));
    tma_load_2d(tile, &map, &bar, blockIdx.x * TILE, blockIdx.y * TILE);
  }
  mbar_wait(&bar, 0);
  float sum = 0.f;
  for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) sum += tile[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// Warp-specialised ring: warp 0 produces (one lane issues TMA), warps 1..4 consume.
constexpr int STAGES = 4;
__global__ void __launch_bounds__(160) tma_ring_ws(const __grid_constant__ CUtensorMap map, float *out, int k_tiles) {
  __shared__ alignas(128) float buf[STAGES][TILE * TILE];
  __shared__ uint64_t full[STAGES], empty[STAGES];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], 4);
    }
    fence_barrier_init();
  }
  __syncthreads();
  if (warp == 0) {
    if (lane == 0) {
      for (int k = 0; k < k_tiles; ++k) {
        int s = k % STAGES;
        if (k >= STAGES) mbar_wait(&empty[s], ((k / STAGES) - 1) & 1);
        mbar_expect_tx(&full[s], sizeof(buf[0]));
        tma_load_2d(buf[s], &map, &full[s], k * TILE, blockIdx.x * TILE);
      }
    }
  } else {
    float acc = 0.f;
    int c = threadIdx.x - 32;
    for (int k = 0; k < k_tiles; ++k) {
      int s = k % STAGES;
      mbar_wait(&full[s], (k / STAGES) & 1);
      for (int i = c; i < TILE * TILE; i += 128) acc += buf[s][i];
      __syncwarp();
      if (lane == 0) mbar_arrive(&empty[s]);
    }
    out[blockIdx.x * 128 + c] = acc;
  }
}

// Every thread writes the tile, then one thread stores it with TMA.
__global__ void __launch_bounds__(256) tma_store_tile(const __grid_constant__ CUtensorMap map, const float *in, int rounds) {
  __shared__ alignas(128) float tile[TILE * TILE];
  for (int r = 0; r < rounds; ++r) {
    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) tile[i] = in[r * TILE * TILE + i] * 2.f;
    fence_proxy_async();
    __syncthreads();
    if (threadIdx.x == 0) {
      tma_store_2d(&map, tile, r * TILE, blockIdx.x * TILE);
      bulk_commit();
      bulk_wait_read0();
    }
    __syncthreads();
  }
}

// Double buffer without empty barriers: thread 0 prefetches the next tile, a CTA barrier
// before a buffer is refilled.
__global__ void __launch_bounds__(128) tma_double_buffer(const __grid_constant__ CUtensorMap map, float *out, int k_tiles) {
  __shared__ alignas(128) float buf[2][TILE * TILE];
  __shared__ uint64_t full[2];
  if (threadIdx.x == 0) {
    mbar_init(&full[0], 1);
    mbar_init(&full[1], 1);
    fence_barrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    mbar_expect_tx(&full[0], sizeof(buf[0]));
    tma_load_2d(buf[0], &map, &full[0], 0, blockIdx.x * TILE);
  }
  float acc = 0.f;
  for (int k = 0; k < k_tiles; ++k) {
    int s = k & 1;
    if (threadIdx.x == 0 && k + 1 < k_tiles) {
      mbar_expect_tx(&full[s ^ 1], sizeof(buf[0]));
      tma_load_2d(buf[s ^ 1], &map, &full[s ^ 1], (k + 1) * TILE, blockIdx.x * TILE);
    }
    mbar_wait(&full[s], (k >> 1) & 1);
    for (int i = threadIdx.x; i < TILE * TILE; i += blockDim.x) acc += buf[s][i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
