// createpolicy: create an L2 cache eviction policy for .L2::cache_hint accesses (§9.7.9.18).

@section 9.7.9.18
@summary Creates a cache eviction policy for the address range [a, a + total-size).

cache-policy : out reg .b64;
a            : addr;
primary-size, total-size : reg|imm .b32;

createpolicy.range{.global}.level::primary_priority{.level::secondary_priority}.b64  cache-policy, [a], primary-size, total-size;
.level::primary_priority   = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged };
.level::secondary_priority = { .L2::evict_first, .L2::evict_unchanged };
---
@summary Creates a cache eviction policy applying the primary priority to a fraction of accesses.
createpolicy.fractional.level::primary_priority{.level::secondary_priority}.b64  cache-policy{, fraction};
.level::primary_priority   = { .L2::evict_last, .L2::evict_normal, .L2::evict_first, .L2::evict_unchanged };
.level::secondary_priority = { .L2::evict_first, .L2::evict_unchanged };
fraction : reg|imm .f32 eg 0.5;
---
@summary Converts an access property created by the CUDA APIs into a cache eviction policy.
createpolicy.cvt.L2.b64  cache-policy, access-property;
access-property : reg|imm .b64;

// ------------------------------------------------------------------ versions and targets

require createpolicy
  ptx 7.4; target sm_80
  ptxas "Feature 'createpolicy.fractional'"
  probe "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0"
  source §9.7.9.18

@ptxas-names createpolicy.cvt createpolicy.fractional createpolicy.range source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
