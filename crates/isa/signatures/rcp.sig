// rcp: reciprocal (§9.7.3.13) and rcp.approx.ftz.f64 (§9.7.3.14).
//
// Rounding: from PTX 1.4 .f32 needs .approx or a rounding mode (the rounding rules); older PTX
// wrote `rcp.f32` bare, so that rounding part is optional here. Bare `rcp.f64` was never legal
// (before 1.4 it meant rcp.approx.f64, which needs .ftz).

@summary Takes the reciprocal of a: d = 1 / a.

d : out reg;
a : reg|imm;

@section 9.7.3.13
rcp.approx{.ftz}.f32  d, a;
rcp{.rnd}{.ftz}.f32   d, a;
// ptxas 12.9 and 13.5 also take .ftz on the IEEE .f64 form (the manual writes rcp.rnd.f64).
rcp.rnd{.ftz}.f64     d, a;
.rnd = { .rn, .rz, .rm, .rp };
---
@section 9.7.3.14
@summary Approximates the reciprocal of an .f64 value, flushing subnormals (ptxas: "'.ftz' modifier required for instruction 'rcp.approx.f64'").
rcp.approx.ftz.f64  d, a;

// ------------------------------------------------------------------ versions and targets

require rcp .rn|.rz|.rm|.rp .f32
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'rcp.rnd.f32'"
  probe "rcp.rn.f32 %r1, %r2"
  source §9.7.3.13 L96
require rcp .approx .f32
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "rcp.approx.f32 %r1, %r2"
  source §9.7.3.13 L86/L94
require rcp .rn .f64
  ptx 1.4
  probe "rcp.rn.f64 %rd1, %rd2"
  source §9.7.3.13 L98
require rcp .rz|.rm|.rp .f64
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'rcp.rn.f64'"
  probe "rcp.rz.f64 %rd1, %rd2"
  source §9.7.3.13 L100
require rcp .approx .f64
  ptx 2.1; target sm_20
  ptxas "Feature 'rcp.approx.f64'" "Instruction 'rcp.approx.f64'"
  probe "rcp.approx.ftz.f64 %rd1, %rd2"
  source §9.7.3.14 L56/L60
require rcp .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

// ------------------------------------------------------------------ rounding modifiers

rounding rcp dst=.f32
  need required since 1.4; allow .approx .rn .rz .rm .rp; missing "Rounding modifier or '.approx' modifier required"
  source §9.7.3.13 L86-90
rounding rcp dst=.f64
  when ptx <1.4
  need required; allow .rn .rz .rm .rp .approx; missing "'.ftz' modifier required for instruction 'rcp.approx.f64'"
  source ptxas: before 1.4 a bare rcp.f64 is read as rcp.approx.f64, which needs .ftz (rounding probes)
rounding rcp dst=.f64
  need required; allow .rn .rz .rm .rp .approx; missing "Rounding modifier required"
  source §9.7.3.13 L86-90, §9.7.3.14 (rcp.approx.ftz.f64)
companion rcp dst=.f64 .approx
  modifier .ftz; message "'.ftz' modifier required for instruction 'rcp.approx.f64'"
  source §9.7.3.14 (rcp.approx.ftz.f64 only); ptxas
rounding-probe "rcp{r}{T} {d}, {a}"
  types .f32 .f64; legacy
