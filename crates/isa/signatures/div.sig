// div: integer (§9.7.1.8) and floating-point (§9.7.3.8) division.
//
// Rounding: from PTX 1.4 .f32 needs .approx, .full or a rounding mode and .f64 a rounding mode
// (the rounding rules); older PTX wrote `div.f32` bare, so the rounding part is optional here.

@summary Divides a by b: d = a / b.

d    : out reg;
a, b : reg|imm;

value d = a / b source §9.7.1.8: integer division (float forms are not followed);

@section 9.7.1.8
div.type  d, a, b;
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };
---
@section 9.7.3.8
@summary Divides two floating-point values (.approx: fast; .full: full-range approximate; .rnd: IEEE rounding).
div.approx{.ftz}.f32  d, a, b;
div.full{.ftz}.f32    d, a, b;
div{.rnd}{.ftz}.f32   d, a, b;
div{.rnd}.f64         d, a, b;
.rnd = { .rn, .rz, .rm, .rp };

// ------------------------------------------------------------------ versions and targets

require div .rn|.rz|.rm|.rp .f32
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'div.rnd.f32'"
  probe "div.rn.f32 %r1, %r2, %r3"
  source §9.7.3.8 L93; RN 2.0
require div .full .f32
  ptx 1.4
  ptxas "Feature 'div.full'" ""
  probe "div.full.f32 %r1, %r2, %r3"
  source §9.7.3.8 L83/L91
require div .approx .f32
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "div.approx.f32 %r1, %r2, %r3"
  source §9.7.3.8 L83/L91
require div .rn .f64
  ptx 1.0
  probe "div.rn.f64 %rd1, %rd2, %rd3"
  source §9.7.3.8 L95 (manual: 1.4); ptxas accepts it at 1.0
require div .rz|.rm|.rp .f64
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'div.rn.f64'"
  probe "div.rz.f64 %rd1, %rd2, %rd3"
  source §9.7.3.8 L97
require div .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

@ptxas-names div.full source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

types div
  probe "div{rn}{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64
  source ptxas table `div` (F32, F64, I); §9.7.1.6, §9.7.3.8

// ------------------------------------------------------------------ rounding modifiers

rounding div dst=.f32
  need required since 1.4; allow .approx .full .rn .rz .rm .rp; missing "Rounding modifier or '.approx' modifier required"
  source §9.7.3.8 L83-87 (from PTX 1.4 .approx, .full or a rounding mode; implicit defaults before)
rounding div dst=.f64
  need required since 1.4; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.3.8 L83-87
rounding div
  need forbidden
  source ptxas: "Illegal rounding modifier for instruction 'div'" (integer forms)
rounding-probe "div{r}{T} {d}, {a}, {b}"
  types .f32 .f64; legacy
rounding-probe "div{r}{T} {d}, {a}, {b}"
  types .s32
