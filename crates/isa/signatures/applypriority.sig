// applypriority: set the eviction priority of a cache line range (§9.7.9.16).

@section 9.7.9.16
@summary Applies the L2 eviction priority to the 128 bytes at address a.
@effects read     // a cache hint like prefetch: no data is written (§9.7.9.16 L22)

a    : addr;
size : imm range 128..128 eg 128;

applypriority{.global}.level::eviction_priority  [a], size;
.level::eviction_priority = { .L2::evict_normal };

// ------------------------------------------------------------------ versions and targets

require applypriority
  ptx 7.4; target sm_80
  ptxas "Feature 'applypriority'"
  probe "applypriority.global.L2::evict_normal [gbuf], 128"
  source §9.7.9.16
