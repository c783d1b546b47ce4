// popc: population count (§9.7.1.14).

@section 9.7.1.14
@summary Counts the one bits of a into the 32-bit d.

d : out reg .u32;
a : reg|imm;

popc.type  d, a;
.type = { .b32, .b64 };

// ------------------------------------------------------------------ versions and targets

require popc
  ptx 2.0; target sm_20
  ptxas "Feature 'popc'" "Instruction 'popc'"
  probe "popc.b32 %r1, %r2"
  source §9.7.1.14

types popc
  probe "popc{T} %r1, {a}"
  legal .b32, .b64
  source ptxas table `popc` (B[32|64]); §9.7.1.14
