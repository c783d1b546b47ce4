// mapa: map a shared-memory address to the corresponding address in another CTA (§9.7.9.23).

@section 9.7.9.23
@summary Maps the shared-memory address a (register or variable) to the same location in CTA b of the cluster.

d : out reg;
a : reg|imm|sym;
b : reg|imm .b32;

mapa{.space}.type  d, a, b;
.space = { .shared::cluster };
.type  = { .u32, .u64 };

// ------------------------------------------------------------------ versions and targets

require mapa
  ptx 7.8; target sm_90
  ptxas "Feature 'mapa'"
  probe "mapa.shared::cluster.u32 %r1, %r2, %r3"
  source §9.7.9.23 L47/L51
