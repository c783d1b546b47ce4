// mad: integer (§9.7.1.4), extended-precision (§9.7.2.5) and floating-point (§9.7.3.7)
// multiply-add.

@summary Multiplies two values and adds a third: d = a * b + c.

d       : out reg;
a, b, c : reg|imm;

value d = a * b + c when .lo unless .sat source §9.7.1.4: .lo adds c to the low half;
value d = a * b + c when .wide source §9.7.1.4: .wide adds c to the whole product;

@section 9.7.1.4
mad.mode.type   d, a, b, c;
mad.hi.sat.s32  d, a, b, c;
.mode = { .hi, .lo };
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };
---
@section 9.7.1.4
@summary Multiplies two values into a result twice as wide and adds a wide value: d = a * b + c.
mad.wide.type  d, a, b, c;
.type = { .u16, .u32, .s16, .s32 };
d : out reg .type*2;
c : reg|imm .type*2;
---
@section 9.7.2.5
@summary Multiply-add with carry-out to the condition code.
mad.mode.cc.type  d, a, b, c;
.mode = { .hi, .lo };
.type = { .u32, .s32, .u64, .s64 };
---
@section 9.7.3.7
@summary Fused multiply-add of floating-point values (without a rounding mode: the sm_1x form).
mad{.ftz}{.sat}.f32      d, a, b, c;
mad.rnd{.ftz}{.sat}.f32  d, a, b, c;
mad{.rnd}.f64            d, a, b, c;   // the rounding rules say from which version .rnd is required
.rnd = { .rn, .rz, .rm, .rp };

// ------------------------------------------------------------------ versions and targets

require mad .cc
  ptx 3.0; target sm_20
  ptxas "Feature 'mad.cc'" "Instruction 'mad.cc'"
  probe "mad.lo.cc.u32 %r1, %r2, %r3, %r4"
  source §9.7.2.5 L38/L44
require mad .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction 'mad.cc'"
  probe "mad.lo.cc.u64 %rd1, %rd2, %rd3, %rd4"
  source §9.7.2.5
require mad .rn|.rz|.rm|.rp .f32
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'mad.rnd.f32'"
  probe "mad.rn.f32 %r1, %r2, %r3, %r4"
  source §9.7.3.7 L98/L106
require mad .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (observed by the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")

@ptxas-names mad.hi mad.lo mad.wide source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

types mad
  probe "mad{lo}{rn}{T} {d}, {a}, {b}, {c}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64
  source ptxas table `mad` (F32, F64), `mad.lo` (I); §9.7.1.4, §9.7.3.7

// ------------------------------------------------------------------ rounding modifiers

rounding mad dst=.f32
  when target <sm_20
  need forbidden
  source §9.7.3.7 L92-102 (mad.rnd.f32 needs sm_20)
rounding mad dst=.f32
  need required since 3.2; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.3.7 L92-102; RN 3.1; ptxas 11.8 accepts mad.f32 without one at 3.1 (and warns), rejects it from 3.2
rounding mad dst=.f64
  when target <sm_13
  need required since 1.4; allow .rn .rz; missing "Rounding modifier required"
  source §9.7.3.7 L92-102; ptxas: "Illegal rounding modifier" for .rm/.rp before sm_13
rounding mad dst=.f64
  need required since 1.4; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.3.7 L92-102 (a rounding modifier is required for mad.f64 from PTX 1.4)
rounding mad
  need forbidden
  source ptxas: "Illegal rounding modifier for instruction 'mad.lo'" (integer forms)
rounding-probe "mad{r}{T} {d}, {a}, {b}, {c}"
  types .f32 .f64; legacy
rounding-probe "mad.lo{r}{T} {d}, {a}, {b}, {c}"
  types .s32

// ------------------------------------------------------------------ modifier order

order mad .mode first
  ptxas "Unexpected instruction types specified for 'mad'"
  source ptxas 11.8, 12.9, 13.5 (mad.u32.lo; mad.sat.hi.s32)
order mad .hi first
  ptxas "Unexpected instruction types specified for 'mad'"
  source ptxas 11.8, 12.9, 13.5 (mad.sat.hi.s32)
order mad .wide first
  ptxas "Unknown modifier '.wide'"
  source ptxas 11.8, 12.9, 13.5 (mad.u32.wide)
