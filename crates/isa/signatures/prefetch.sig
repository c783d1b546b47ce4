// prefetch, prefetchu: bring a line into a cache, or prefetch a tensor map (§9.7.9.15).

@section 9.7.9.15
@summary Prefetches the line holding address a into the given cache level.
@effects read

a : addr;

prefetch{.space}.level  [a];
.space = { .global, .local };
.level = { .L1, .L2 };
---
@summary Prefetches the line holding address a into L2 with an eviction priority.
prefetch{.global}.level::eviction_priority  [a];
.level::eviction_priority = { .L2::evict_last, .L2::evict_normal };
---
@summary Prefetches the line holding address a into the uniform cache.
prefetchu.L1  [a];
---
@summary Prefetches the tensor map at address a (a .const or .param address, or generic).
prefetch{.tensormap_space}.tensormap  [a];
.tensormap_space = { .const, .param };

// ------------------------------------------------------------------ versions and targets

require prefetch
  ptx 2.0; target sm_20
  ptxas "Feature 'prefetch'" "Instruction 'prefetch'"
  probe "prefetch.global.L2 [gbuf]"
  source §9.7.9.15 L48/L56
require prefetchu
  ptx 2.0; target sm_20
  ptxas "Feature 'prefetchu'" "Instruction 'prefetchu'"
  probe "prefetchu.L1 [%rd1]"
  source §9.7.9.15 L48/L56
require prefetch .L2::evict_last|.L2::evict_normal
  ptx 7.4; target sm_80
  ptxas "Modifier 'cache eviction priority' on 'prefetch'"
  probe "prefetch.global.L2::evict_last [gbuf]"
  source §9.7.9.15 L50/L58
require prefetch .tensormap
  ptx 8.0; target sm_90
  ptxas "Modifier '.tensormap'"
  probe "prefetch.tensormap [%rd1]"
  source §9.7.9.15 L52/L60
