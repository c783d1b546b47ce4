// copysign: copy the sign of one value to another (§9.7.3.2).

@section 9.7.3.2
@summary Gives b with the sign of a.

d    : out reg;
a, b : reg|imm;

copysign.type  d, a, b;
.type = { .f32, .f64 };

// ------------------------------------------------------------------ versions and targets

require copysign
  ptx 2.0; target sm_20
  ptxas "Feature 'copysign'" "Instruction 'copysign'"
  probe "copysign.f32 %r1, %r2, %r3"
  source §9.7.3.2 L26/L30

types copysign
  probe "copysign{T} {d}, {a}, {b}"
  legal .f32, .f64
  source ptxas table `copysign` (F[32|64]); §9.7.3.2
