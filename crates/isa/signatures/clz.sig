// clz: count leading zeros (§9.7.1.15).

@section 9.7.1.15
@summary Counts the leading zero bits of a into the 32-bit d.

d : out reg .u32;
a : reg|imm;

clz.type  d, a;
.type = { .b32, .b64 };

// ------------------------------------------------------------------ versions and targets

require clz
  ptx 2.0; target sm_20
  ptxas "Feature 'clz'" "Instruction 'clz'"
  probe "clz.b32 %r1, %r2"
  source §9.7.1.15

types clz
  probe "clz{T} %r1, {a}"
  legal .b32, .b64
  source ptxas table `clz` (B[32|64]); §9.7.1.15
