// sqrt: square root (§9.7.3.15).
//
// Rounding: from PTX 1.4 .f32 needs .approx or a rounding mode and .f64 a rounding mode (the
// rounding rules); older PTX wrote `sqrt.f32` bare, so the rounding part is optional here.

@section 9.7.3.15
@summary Takes the square root of a.

d : out reg;
a : reg|imm;

sqrt.approx{.ftz}.f32  d, a;
sqrt{.rnd}{.ftz}.f32   d, a;
sqrt{.rnd}.f64         d, a;
.rnd = { .rn, .rz, .rm, .rp };

// ------------------------------------------------------------------ versions and targets

require sqrt .rn|.rz|.rm|.rp .f32
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'sqrt.rnd.f32'"
  probe "sqrt.rn.f32 %r1, %r2"
  source §9.7.3.15 L97
require sqrt .approx .f32
  ptx 1.4
  ptxas "Feature '.approx'" ""
  probe "sqrt.approx.f32 %r1, %r2"
  source §9.7.3.15 L87/L95
require sqrt .rn .f64
  ptx 1.0
  probe "sqrt.rn.f64 %rd1, %rd2"
  source §9.7.3.15 L99 (manual: 1.4); ptxas accepts it at 1.0
require sqrt .rz|.rm|.rp .f64
  ptx 2.0; target sm_20
  ptxas "" "Instruction 'sqrt.rn.f64'"
  probe "sqrt.rz.f64 %rd1, %rd2"
  source §9.7.3.15 L101
require sqrt .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

// ------------------------------------------------------------------ rounding modifiers

rounding sqrt dst=.f32
  need required since 1.4; allow .approx .rn .rz .rm .rp; missing "Rounding modifier or '.approx' modifier required"
  source §9.7.3.15 L87-91
rounding sqrt dst=.f64
  need required since 1.4; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.3.15 L87-91
rounding-probe "sqrt{r}{T} {d}, {a}"
  types .f32 .f64; legacy
