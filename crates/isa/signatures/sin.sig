// sin: sine (§9.7.3.18). .approx is required from PTX 1.4 (the rounding rules); older PTX wrote
// `sin.f32` bare. PTX 9.5 adds .2pi (the input in cycles), which needs .ftz (ptxas 13.5:
// ".ftz modifier required for instruction 'sin' with modifier '.2pi'").

@section 9.7.3.18
@summary Approximates the sine of a (in radians; .2pi: in cycles).

d : out reg;
a : reg|imm;

sin{.approx}{.ftz}{.2pi}.f32  d, a;
except .2pi !.ftz because .2pi needs .ftz;

// ------------------------------------------------------------------ versions and targets

require sin .approx
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "sin.approx.f32 %r1, %r2"
  source §9.7.3.18 (explicit .approx from 1.4; one row for sin|cos|lg2|ex2|rsqrt before the signatures)
require sin .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
require sin .2pi
  ptx 9.5
  ptxas "Feature '.2pi'"
  probe "sin.approx.ftz.2pi.f32 %r1, %r2"
  source ptxas 13.5 (9.4: "Feature '.2pi' requires PTX ISA .version 9.5 or later"; every target from sm_50)

types sin
  probe "sin.approx{T} {d}, {a}"
  legal .f32
  source ptxas table `sin` (F32); §9.7.3.18

// ------------------------------------------------------------------ rounding modifiers

rounding sin
  when dst float
  need required since 1.4; allow .approx; missing ".approx modifier required"
  source §9.7.3.18 (.approx required from PTX 1.4; no rounding modes)
rounding-probe "sin{r}{T} {d}, {a}"
  types .f32; legacy
