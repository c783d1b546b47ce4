// ex2: base-2 exponential, floating-point (§9.7.3.21) and half-precision (§9.7.4.10).
// .approx is required from PTX 1.4 (the rounding rules); older PTX wrote `ex2.f32` bare.

@summary Approximates 2 raised to the power a.

d : out reg;
a : reg|imm;

@section 9.7.3.21
ex2{.approx}{.ftz}.f32  d, a;
---
@section 9.7.4.10
@summary Approximates 2 raised to the power a for half-precision values (scalar or packed pairs); .bf16 needs .ftz.
ex2.approx.atype      d, a;
ex2.approx.ftz.btype  d, a;
.atype = { .f16, .f16x2 };
.btype = { .bf16, .bf16x2 };
a : reg;

// ------------------------------------------------------------------ versions and targets

require ex2 .approx !.f16|.f16x2|.bf16|.bf16x2
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "ex2.approx.f32 %r1, %r2"
  source §9.7.3.21 (explicit .approx from 1.4; one row for sin|cos|lg2|ex2|rsqrt before the signatures)
require ex2 .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
require ex2 .f16|.f16x2
  ptx 7.0; target sm_75
  ptxas "Feature 'ex2.f16/f16x2'"
  probe "ex2.approx.f16 %h1, %h2"
  source §9.7.4.10 L73/L79
require ex2 .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Feature 'ex2.bf16'"
  probe "ex2.approx.ftz.bf16 %h1, %h2"
  source §9.7.4.10 L75/L81

// ------------------------------------------------------------------ rounding modifiers

rounding ex2 dst=.f16|.f16x2
  need required; allow .approx; missing ".approx modifier required"; illegal "Illegal modifier 'rounding'"
  source §9.7.4.10 (ex2.approx.atype); ptxas words a rounding mode "Illegal modifier 'rounding'"
rounding ex2 dst=.bf16|.bf16x2
  need required; allow .approx; missing ".approx modifier required"
  source §9.7.4.10 (ex2.approx.ftz.btype)
rounding ex2
  when dst float
  need required since 1.4; allow .approx; missing ".approx modifier required"
  source §9.7.3.21 (.approx required from PTX 1.4)
companion ex2 dst=.bf16
  modifier .ftz; message ".ftz modifier required for instruction 'ex2.bf16'"
  source §9.7.4.10 (ex2.approx.ftz.btype); ptxas
companion ex2 dst=.bf16x2
  modifier .ftz; message ".ftz modifier required for instruction 'ex2.bf16x2'"
  source §9.7.4.10; ptxas
rounding-probe "ex2{r}{T} {d}, {a}"
  types .f32 .f16 .f16x2
rounding-probe "ex2{r}.ftz{T} {d}, {a}"
  types .bf16 .bf16x2
rounding-probe "ex2{r}{T} {d}, {a}"
  types .f32; legacy
