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
