// getctarank: the rank of the CTA that holds a shared-memory address (§9.7.9.24).

@section 9.7.9.24
@summary Sets d to the rank, in the cluster, of the CTA whose shared memory holds address a.

d : out reg .b32;

getctarank{.space}.type  d, a;
.space = { .shared::cluster };
.type  = { .u32, .u64 };
a : reg|imm|sym .type;

// ------------------------------------------------------------------ versions and targets

require getctarank
  ptx 7.8; target sm_90
  ptxas "Feature 'getctarank'"
  probe "getctarank.shared::cluster.u32 %r1, %r2"
  source §9.7.9.24 L43/L47
