// tanh: hyperbolic tangent, floating-point (§9.7.3.22) and half-precision (§9.7.4.9).

@summary Approximates the hyperbolic tangent of a.

d : out reg;
a : reg|imm;

@section 9.7.3.22
tanh.approx.f32  d, a;
---
@section 9.7.4.9
@summary Approximates the hyperbolic tangent of half-precision values (scalar or packed pairs).
tanh.approx.type  d, a;
.type = { .f16, .f16x2, .bf16, .bf16x2 };
a : reg;

// ------------------------------------------------------------------ versions and targets

require tanh .f32
  ptx 7.0; target sm_75
  ptxas "Feature 'tanh'"
  probe "tanh.approx.f32 %r1, %r2"
  source §9.7.3.22 L50/L54
require tanh .f16|.f16x2
  ptx 7.0; target sm_75
  ptxas "Feature 'tanh'"
  probe "tanh.approx.f16 %h1, %h2"
  source §9.7.4.9 L59/L65
require tanh .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Feature 'tanh.bf16'"
  probe "tanh.approx.bf16 %h1, %h2"
  source §9.7.4.9 L61/L67

// ------------------------------------------------------------------ rounding modifiers

rounding tanh dst=.f16|.f16x2
  need required; allow .approx; missing ".approx modifier required"; illegal "Illegal modifier 'rounding'"
  source §9.7.4.9; ptxas words a rounding mode "Illegal modifier 'rounding'"
rounding tanh dst=.bf16|.bf16x2
  need required; allow .approx; missing ".approx modifier required"
  source §9.7.4.9
rounding tanh
  when dst float
  need required; allow .approx; missing ".approx modifier required"
  source §9.7.3.22 (tanh.approx.f32)
rounding-probe "tanh{r}{T} {d}, {a}"
  types .f32 .f16 .f16x2 .bf16 .bf16x2
