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
@summary Prefetches the 32-byte sector holding address a into L1, if a is a valid address (PTX 9.4).
prefetch{.global}.L1::32B.valid_addr  [a];
// ptxas 13.5: .L1::32B and .valid_addr need each other (".valid_addr modifier required for
// instruction 'prefetch' with modifier '.L1::32B'"), and .global or a generic address ("State
// space incorrect for feature '.L1::32B'").
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
require prefetch .L1::32B|.valid_addr
  ptx 9.4; target sm_90
  ptxas "Feature '.L1::32B'"
  probe "prefetch.global.L1::32B.valid_addr [gbuf]"
  source RN 9.4 (Z94: prefetch .valid_addr/.L1::32B); ptxas 13.5 ("Feature '.L1::32B' requires PTX ISA .version 9.4", "requires .target sm_90")
