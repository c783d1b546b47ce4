// rsqrt: reciprocal square root (§9.7.3.16) and rsqrt.approx.ftz.f64 (§9.7.3.17).
// .approx is required from PTX 1.4 (the rounding rules); older PTX wrote `rsqrt.f32` bare.

@summary Approximates the reciprocal of the square root of a: d = 1 / sqrt(a).

d : out reg;
a : reg|imm;

@section 9.7.3.16
rsqrt{.approx}{.ftz}.f32  d, a;
rsqrt{.approx}.f64        d, a;
---
@section 9.7.3.17
@summary Approximates the reciprocal square root of an .f64 value, flushing subnormals.
rsqrt.approx.ftz.f64  d, a;

// ------------------------------------------------------------------ versions and targets

require rsqrt .approx .ftz .f64
  ptx 4.0; target sm_20
  ptxas "Feature 'rsqrt.approx.ftz.f64'" "Instruction 'rsqrt.approx.ftz.f64'"
  probe "rsqrt.approx.ftz.f64 %rd1, %rd2"
  source §9.7.3.17 L48/L52
require rsqrt .approx
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "rsqrt.approx.f32 %r1, %r2"
  source §9.7.3.16 (explicit .approx from 1.4; one row for sin|cos|lg2|ex2|rsqrt before the signatures)
require rsqrt .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

types rsqrt
  probe "rsqrt.approx{T} {d}, {a}"
  legal .f32, .f64
  source ptxas table `rsqrt` (F32, F64); §9.7.3.16

// ------------------------------------------------------------------ rounding modifiers

rounding rsqrt
  when dst float
  need required since 1.4; allow .approx; missing ".approx modifier required"
  source §9.7.3.16 (.approx required from PTX 1.4; no rounding modes)
rounding-probe "rsqrt{r}{T} {d}, {a}"
  types .f32 .f64; legacy
