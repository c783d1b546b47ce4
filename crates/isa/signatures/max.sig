// max: integer (§9.7.1.13), floating-point (§9.7.3.12) and half-precision (§9.7.4.8) maximum.
//
// Constants: scalar integer and .f32/.f64 sources only ("Arguments mismatch" for packed and
// half-precision sources). .xorsign and .abs go together on the two-input forms ("Modifier
// '.xorsign' requires modifier '.abs'"); the three-input .f32 form takes .abs alone.

@summary Takes the larger of two values: d = max(a, b).

d    : out reg;
a, b : reg|imm;

value d = max(a, b) unless .relu source §9.7.1.13;

@section 9.7.1.13
max.atype          d, a, b;
max{.relu}.btype   d, a, b;
.atype = { .u16, .u32, .u64, .s16, .s64 };
.btype = { .s32 };
---
@section 9.7.1.13
@summary Takes the larger of each lane of two packed integers (.relu: negative lanes become 0).
max.atype          d, a, b;
max{.relu}.btype   d, a, b;
.atype = { .u16x2, .u8x4 };
.btype = { .s16x2, .s8x4 };
a, b : reg;

---
@section 9.7.3.12
@summary Takes the larger of two floating-point values (.xorsign.abs: of their magnitudes, with the XOR of their signs).
max{.ftz}{.NaN}{.xorsign}{.abs}.f32  d, a, b;
max.f64                              d, a, b;
except .xorsign !.abs because .xorsign needs .abs (ptxas: "Modifier '.xorsign' requires modifier '.abs'");
except .abs !.xorsign because .abs needs .xorsign on the two-input form (ptxas: "Modifier '.abs' requires modifier '.xorsign'");
---
@section 9.7.3.12
@summary Takes the larger of three .f32 values (.abs: of their magnitudes).
max{.ftz}{.NaN}{.abs}.f32  d, a, b, c;
c : reg|imm;

---
@section 9.7.4.8
@summary Takes the larger of two half-precision values (scalar or packed pairs).
max{.ftz}{.NaN}{.xorsign}{.abs}.f16    d, a, b;
max{.ftz}{.NaN}{.xorsign}{.abs}.f16x2  d, a, b;
max{.NaN}{.xorsign}{.abs}.bf16         d, a, b;
max{.NaN}{.xorsign}{.abs}.bf16x2       d, a, b;
except .xorsign !.abs because .xorsign needs .abs (ptxas: "Modifier '.xorsign' requires modifier '.abs'");
except .abs !.xorsign because .abs needs .xorsign (ptxas: "Modifier '.abs' requires modifier '.xorsign'");
a, b : reg;

// ------------------------------------------------------------------ versions and targets

require max .u16x2|.s16x2
  ptx 8.0; target sm_90
  ptxas "Feature 'max.s16x2'"
  probe "max.s16x2 %r1, %r2, %r3"
  source §9.7.1.13 L58/L64
require max .relu
  ptx 8.0; target sm_90
  ptxas "Feature 'max.relu'"
  probe "max.relu.s32 %r1, %r2, %r3"
  source §9.7.1.13 L58/L64
require max .NaN
  ptx 7.0; target sm_80
  ptxas "Feature '.NaN'" "Modifier '.NaN'"
  probe "max.NaN.f32 %r1, %r2, %r3"
  source §9.7.3.12
require max .xorsign
  ptx 7.2; target sm_86
  ptxas "Feature '.xorsign'" "Modifier '.xorsign'"
  probe "max.xorsign.abs.f32 %r1, %r2, %r3"
  source §9.7.3.12
require max #4
  ptx 8.8; target sm_100
  ptxas "Feature 'max.f32 with 3 input operands'"
  probe "max.f32 %r1, %r2, %r3, %r4"
  source §9.7.3.12 L114/L126
require max .f16|.f16x2|.bf16|.bf16x2
  ptx 7.0; target sm_80
  ptxas "Feature '.bf16x2'"
  probe "max.bf16x2 %r1, %r2, %r3"
  source §9.7.4.8
require max .u8x4|.s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'max.s8x4'"
  probe "max.s8x4 %r1, %r2, %r3"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4)
require max .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")

types max
  probe "max{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .u16x2, .s16x2, .u8x4, .s8x4
  source ptxas table `max`; §9.7.1.11, §9.7.3.12, §9.7.4.8
