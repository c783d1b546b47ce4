// fma: floating-point (§9.7.3.6), half-precision (§9.7.4.4) and mixed-precision (§9.7.5.3)
// fused multiply-add. A rounding modifier is always required (the rounding rules).
// Constants: .f32/.f64 sources (float literals) only; never packed or half-precision sources.

@summary Fused multiply-add, rounded once: d = a * b + c.

d       : out reg;
a, b, c : reg|imm;

@section 9.7.3.6
fma.rnd{.ftz}{.sat}.f32  d, a, b, c;
fma.rnd.f64              d, a, b, c;
.rnd = { .rn, .rz, .rm, .rp };
---
@section 9.7.3.6
@summary Fused multiply-add of two pairs of .f32 values packed in .b64 registers.
fma.rnd{.ftz}.f32x2      d, a, b, c;
.rnd = { .rn, .rz, .rm, .rp };
a, b, c : reg;

---
@section 9.7.4.4
@summary Fused multiply-add of half-precision values (scalar or packed pairs); .relu clamps negative results to 0, .oob zeroes results whose inputs are out-of-bounds NaNs.
fma.rnd{.ftz}{.sat}.f16     d, a, b, c;
fma.rnd{.ftz}{.sat}.f16x2   d, a, b, c;
fma.rnd{.ftz}.relu.f16      d, a, b, c;
fma.rnd{.ftz}.relu.f16x2    d, a, b, c;
fma.rnd.oob{.relu}.type     d, a, b, c;
// ptxas 12.9 and 13.5 also take .sat with .oob on .f16/.f16x2 (not on .bf16: "Illegal modifier
// '.sat'"), never with .relu ("Modifier '.relu' cannot be combined with modifier '.sat'").
fma.rnd.oob.sat.f16         d, a, b, c;
fma.rnd.oob.sat.f16x2       d, a, b, c;
.rnd  = { .rn };
.type = { .f16, .f16x2, .bf16, .bf16x2 };
a, b, c : reg;
---
@section 9.7.4.4
@summary Fused multiply-add of .bf16 values (scalar or packed pairs); .relu clamps negative results to 0.
// The manual says .rn only; ptxas 11.8, 12.9 and 13.5 take every IEEE mode (rounding probes).
fma.rnd{.relu}.bf16         d, a, b, c;
fma.rnd{.relu}.bf16x2       d, a, b, c;
.rnd  = { .rn, .rz, .rm, .rp };
a, b, c : reg;

---
@section 9.7.5.3
@summary Converts two half-precision values to .f32, multiplies them and adds an .f32 value: d = f32(a) * f32(b) + c.
fma.rnd{.sat}.f32.abtype  d, a, b, c;
.abtype = { .f16, .bf16 };
.rnd    = { .rn, .rz, .rm, .rp };
d    : out reg .f32;
a, b : reg .abtype;
c    : reg|imm .f32;
---
@section 9.7.5.3
@summary Converts a packed half-precision pair to .f32x2, multiplies it by an .f32x2 pair and adds another (PTX 9.4).
fma.rnd.dtype.atype.btype.ctype  d, a, b, c;
.dtype = .btype = .ctype = { .f32x2 };
.atype = { .f16x2, .bf16x2 };
.rnd   = { .rn, .rz, .rm, .rp };
d    : out reg .f32x2;
a    : reg .atype;
b, c : reg .f32x2;

// ------------------------------------------------------------------ versions and targets

require fma .f32x2 !.f16x2|.bf16x2
  ptx 8.6; target sm_100
  ptxas "Feature 'fma.f32x2'"
  probe "fma.rn.f32x2 %rd1, %rd2, %rd3, %rd4"
  source §9.7.3.6 L102/L110
require fma .f32
  ptx 2.0; target sm_20
  ptxas "Feature 'fma.f32'" "Instruction 'fma.f32'"
  probe "fma.rn.f32 %r1, %r2, %r3, %r4"
  source §9.7.3.6 L100/L106
require fma .f64
  ptx 1.4
  ptxas "Feature 'fma.f64'" ""
  probe "fma.rn.f64 %rd1, %rd2, %rd3, %rd4"
  source §9.7.3.6 L98; target sm_13 not enforced by ptxas
require fma .f16|.f16x2 !.f32|.f32x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "fma.rn.f16 %h1, %h2, %h3, %h4"
  source §9.7.4.4
require fma .bf16|.bf16x2 !.f32|.f32x2
  ptx 7.0; target sm_80
  ptxas "Feature '.bf16'"
  probe "fma.rn.bf16 %h1, %h2, %h3, %h4"
  source §9.7.4.4 L78/L86
require fma .relu
  ptx 7.0; target sm_80
  ptxas "Feature '.relu'" "Modifier '.relu'"
  probe "fma.rn.relu.f16 %h1, %h2, %h3, %h4"
  source §9.7.4.4 L78/L86
require fma .oob
  ptx 8.1; target sm_90
  ptxas "Feature '.oob'" "Modifier '.oob'"
  probe "fma.rn.oob.f16 %h1, %h2, %h3, %h4"
  source §9.7.4.4 L80/L88
require fma dst=.f32 src=.f16|.bf16
  ptx 8.6; target sm_100
  ptxas "Feature 'fma.f32.f16'"
  probe "fma.rn.f32.f16 %r1, %h1, %h2, %r2"
  source §9.7.5.3
require fma .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
require fma dst=.f32x2 .f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'fma.f32x2.f16x2.f32x2.f32x2'"
  probe "fma.rn.f32x2.f16x2.f32x2.f32x2 %rd1, %r2, %rd3, %rd4"
  source T72; ptxas 13.5 (9.3: "requires PTX ISA .version 9.4"; sm_100f/sm_120f: "not supported")
require fma dst=.f32x2 .bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'fma.f32x2.bf16x2.f32x2.f32x2'"
  probe "fma.rn.f32x2.bf16x2.f32x2.f32x2 %rd1, %r2, %rd3, %rd4"
  source T72; ptxas 13.5

types fma
  probe "fma{rn}{T} {d}, {a}, {b}, {c}"
  legal .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .f32x2
  source ptxas table `fma` (F16 H32 F32 F64 E16 E32 H64 F32F16 F32E16); §9.7.3.6, §9.7.4.4

// ------------------------------------------------------------------ rounding modifiers

rounding fma dst=.f64
  when target <sm_13
  need required; allow .rn .rz; missing "Rounding modifier required"
  source §9.7.3.6; ptxas: "Illegal rounding modifier" for .rm/.rp before sm_13 (rounding probes)
rounding fma dst=.f16|.f16x2
  need required; allow .rn; missing "Rounding modifier required"
  source §9.7.4.4 (.rnd = { .rn })
rounding fma
  when dst float
  need required; allow .rn .rz .rm .rp; missing "Rounding modifier required"
  source §9.7.3.6 ("Rounding modifier required"); .bf16/.bf16x2: ptxas 11.8, 12.9 and 13.5 take every IEEE mode on sm_80 and sm_90, against §9.7.4.4 (".rn only")
rounding-probe "fma{r}.f32.f16 %r1, %h1, %h2, %r2"
  types .f32.f16
rounding-probe "fma{r}{T} {d}, {a}, {b}, {c}"
  types .f16 .f16x2 .bf16 .bf16x2 .f32 .f64 .f32x2
rounding-probe "fma{r}{T} {d}, {a}, {b}, {c}"
  types .f32 .f64; legacy
