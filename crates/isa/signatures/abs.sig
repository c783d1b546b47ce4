// abs: integer (§9.7.1.10), floating-point (§9.7.3.9) and half-precision (§9.7.4.6)
// absolute value. Constants: integer and .f32/.f64 sources only.

@summary Takes the absolute value of a: d = |a|.

d : out reg;
a : reg|imm;

value d = abs(a) source §9.7.1.10;

@section 9.7.1.10
abs.type  d, a;
.type = { .s16, .s32, .s64 };
---
@section 9.7.3.9
@summary Takes the absolute value of a floating-point value (clears the sign bit).
abs{.ftz}.f32  d, a;
abs.f64        d, a;
---
@section 9.7.4.6
@summary Takes the absolute value of a half-precision value (scalar or packed pair).
abs{.ftz}.f16    d, a;
abs{.ftz}.f16x2  d, a;
abs.bf16         d, a;
abs.bf16x2       d, a;
a : reg;

// ------------------------------------------------------------------ versions and targets

require abs .f16|.f16x2
  ptx 6.5; target sm_53
  ptxas "Feature 'abs.f16 or abs.f16x2'" "Feature 'f16 arithemetic and compare instructions'"
  probe "abs.f16 %h1, %h2"
  source §9.7.4.6 L52/L58
require abs .bf16|.bf16x2
  ptx 7.0; target sm_80
  ptxas "Feature '.bf16'"
  probe "abs.bf16 %h1, %h2"
  source §9.7.4.6 L54/L60
require abs .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")

types abs
  probe "abs{T} {d}, {a}"
  legal .s16, .s32, .s64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2
  source ptxas table `abs` (F16 H32 E16 E32 F32 F64 I); §9.7.1.8, §9.7.3.9, §9.7.4.6

// ------------------------------------------------------------------ type messages

type-message abs dst=.u16|.u32|.u64
  ptxas "Instruction 'abs' applies only to signed numeric types"
  source ptxas 11.8, 12.9, 13.5 (abs.u32)
