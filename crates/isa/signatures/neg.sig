// neg: integer (§9.7.1.11), floating-point (§9.7.3.10) and half-precision (§9.7.4.5)
// negation. Constants: scalar integer and .f32/.f64 sources only.

@summary Negates a: d = -a.

d : out reg;
a : reg|imm;

value d = -a source §9.7.1.11;

@section 9.7.1.11
neg.type  d, a;
.type = { .s16, .s32, .s64 };
---
@section 9.7.1.11
@summary Negates each byte of a packed .s8x4 value (PTX 9.2).
neg.s8x4  d, a;
a : reg;
---
@section 9.7.3.10
@summary Negates a floating-point value (flips the sign bit).
neg{.ftz}.f32  d, a;
neg.f64        d, a;
---
@section 9.7.4.5
@summary Negates a half-precision value (scalar or packed pair).
neg{.ftz}.f16    d, a;
neg{.ftz}.f16x2  d, a;
neg.bf16         d, a;
neg.bf16x2       d, a;
a : reg;

// ------------------------------------------------------------------ versions and targets

require neg .f16|.f16x2
  ptx 6.0; target sm_53
  ptxas "Feature 'neg.f16 or neg.f16x2'" "Feature 'f16 arithemetic and compare instructions'"
  probe "neg.f16 %h1, %h2"
  source §9.7.4.5 L52/L58
require neg .bf16|.bf16x2
  ptx 7.0; target sm_80
  ptxas "Feature '.bf16'"
  probe "neg.bf16 %h1, %h2"
  source §9.7.4.5 L54/L60
require neg .s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'neg.s8x4'"
  probe "neg.s8x4 %r1, %r2"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4)
require neg .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")

types neg
  probe "neg{T} {d}, {a}"
  legal .s16, .s32, .s64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .s8x4
  source ptxas table `neg`; §9.7.1.9, §9.7.3.10, §9.7.4.5; RN 9.2 (.s8x4)

// ------------------------------------------------------------------ type messages

type-message neg dst=.u16|.u32|.u64
  ptxas "Instruction 'neg' applies only to signed numeric types"
  source ptxas 11.8, 12.9, 13.5 (neg.u32)
