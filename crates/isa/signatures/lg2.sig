// lg2: binary logarithm (§9.7.3.20). .approx is required from PTX 1.4 (the rounding rules);
// older PTX wrote `lg2.f32` bare.

@section 9.7.3.20
@summary Approximates the base-2 logarithm of a.

d : out reg;
a : reg|imm;

lg2{.approx}{.ftz}.f32  d, a;

// ------------------------------------------------------------------ versions and targets

require lg2 .approx
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "lg2.approx.f32 %r1, %r2"
  source §9.7.3.20 (explicit .approx from 1.4; one row for sin|cos|lg2|ex2|rsqrt before the signatures)
require lg2 .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

// ------------------------------------------------------------------ rounding modifiers

rounding lg2
  when dst float
  need required since 1.4; allow .approx; missing ".approx modifier required"
  source §9.7.3.20 (.approx required from PTX 1.4; no rounding modes)
rounding-probe "lg2{r}{T} {d}, {a}"
  types .f32; legacy
