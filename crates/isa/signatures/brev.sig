// brev: bit reverse (§9.7.1.18).

@section 9.7.1.18
@summary Reverses the order of the bits of a.

d : out reg;
a : reg|imm;

brev.type  d, a;
.type = { .b32, .b64 };

// ------------------------------------------------------------------ versions and targets

require brev
  ptx 2.0; target sm_20
  ptxas "Feature 'brev'" "Instruction 'brev'"
  probe "brev.b32 %r1, %r2"
  source §9.7.1.19

types brev
  probe "brev{T} {d}, {a}"
  legal .b32, .b64
  source ptxas table `brev` (B[32|64]); §9.7.1.19
