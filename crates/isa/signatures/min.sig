// min: integer (§9.7.1.12), floating-point (§9.7.3.11) and half-precision (§9.7.4.7) minimum.
//
// Constants: scalar integer and .f32/.f64 sources only ("Arguments mismatch" for packed and
// half-precision sources). .xorsign and .abs go together on the two-input forms ("Modifier
// '.xorsign' requires modifier '.abs'"); the three-input .f32 form takes .abs alone.

@summary Takes the smaller of two values: d = min(a, b).

d    : out reg;
a, b : reg|imm;

value d = min(a, b) unless .relu source §9.7.1.12;

@section 9.7.1.12
min.atype          d, a, b;
min{.relu}.btype   d, a, b;
.atype = { .u16, .u32, .u64, .s16, .s64 };
.btype = { .s32 };
---
@section 9.7.1.12
@summary Takes the smaller of each lane of two packed integers (.relu: negative lanes become 0).
min.atype          d, a, b;
min{.relu}.btype   d, a, b;
.atype = { .u16x2, .u8x4 };
.btype = { .s16x2, .s8x4 };
a, b : reg;

---
@section 9.7.3.11
@summary Takes the smaller of two floating-point values (.xorsign.abs: of their magnitudes, with the XOR of their signs).
min{.ftz}{.NaN}{.xorsign}{.abs}.f32  d, a, b;
min.f64                              d, a, b;
except .xorsign !.abs because .xorsign needs .abs (ptxas: "Modifier '.xorsign' requires modifier '.abs'");
except .abs !.xorsign because .abs needs .xorsign on the two-input form (ptxas: "Modifier '.abs' requires modifier '.xorsign'");
---
@section 9.7.3.11
@summary Takes the smaller of three .f32 values (.abs: of their magnitudes).
min{.ftz}{.NaN}{.abs}.f32  d, a, b, c;
c : reg|imm;

---
@section 9.7.4.7
@summary Takes the smaller of two half-precision values (scalar or packed pairs).
min{.ftz}{.NaN}{.xorsign}{.abs}.f16    d, a, b;
min{.ftz}{.NaN}{.xorsign}{.abs}.f16x2  d, a, b;
min{.NaN}{.xorsign}{.abs}.bf16         d, a, b;
min{.NaN}{.xorsign}{.abs}.bf16x2       d, a, b;
except .xorsign !.abs because .xorsign needs .abs (ptxas: "Modifier '.xorsign' requires modifier '.abs'");
except .abs !.xorsign because .abs needs .xorsign (ptxas: "Modifier '.abs' requires modifier '.xorsign'");
a, b : reg;

// ------------------------------------------------------------------ versions and targets

require min .u16x2|.s16x2
  ptx 8.0; target sm_90
  ptxas "Feature 'min.u16x2'"
  probe "min.u16x2 %r1, %r2, %r3"
  source §9.7.1.12 L58/L64
require min .relu
  ptx 8.0; target sm_90
  ptxas "Feature 'min.relu'"
  probe "min.relu.s32 %r1, %r2, %r3"
  source §9.7.1.12 L58/L64
require min .NaN
  ptx 7.0; target sm_80
  ptxas "Feature '.NaN'" "Modifier '.NaN'"
  probe "min.NaN.f32 %r1, %r2, %r3"
  source §9.7.3.11 L109/L121
require min .xorsign
  ptx 7.2; target sm_86
  ptxas "Feature '.xorsign'" "Modifier '.xorsign'"
  probe "min.xorsign.abs.f32 %r1, %r2, %r3"
  source §9.7.3.11 L111/L123
require min #4
  ptx 8.8; target sm_100
  ptxas "Feature 'min.f32 with 3 input operands'"
  probe "min.f32 %r1, %r2, %r3, %r4"
  source §9.7.3.11 L113/L125
require min .f16|.f16x2|.bf16|.bf16x2
  ptx 7.0; target sm_80
  ptxas "Feature 'min.f16 or min.f16x2'"
  probe "min.f16 %h1, %h2, %h3"
  source §9.7.4.7 L92/L98
require min .u8x4|.s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'min.u8x4'"
  probe "min.u8x4 %r1, %r2, %r3"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4)
require min .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")

types min
  probe "min{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .u16x2, .s16x2, .u8x4, .s8x4
  source ptxas table `min` (F16 H32 E16 E32 F32 F64 I N32); §9.7.1.10, §9.7.3.11, §9.7.4.7
