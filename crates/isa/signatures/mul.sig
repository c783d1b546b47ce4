// mul: integer (§9.7.1.3), floating-point (§9.7.3.5), half-precision (§9.7.4.3) and
// mixed-precision (§9.7.5.4, PTX 9.4) multiplication. Constants: as for add (scalar integer and
// .f32/.f64 sources only).

@summary Multiplies two values: d = a * b (.lo/.hi: that half of the product, .wide: all of it).

d    : out reg;
a, b : reg|imm;

value d = a * b when .lo source §9.7.1.3: .lo keeps the low half;
value d = a * b when .wide source §9.7.1.3: .wide keeps the whole product;
value d = mulhi(a, b) when .hi source §9.7.1.3: .hi keeps the high half;

@section 9.7.1.3
mul.mode.type  d, a, b;
.mode = { .hi, .lo };
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };
---
@section 9.7.1.3
@summary Multiplies two values into a result twice as wide: d = a * b.
mul.wide.type  d, a, b;
.type = { .u16, .u32, .s16, .s32 };
d : out reg .type*2;
---
@section 9.7.3.5
@summary Multiplies two floating-point values, rounding as the modifier says (default .rn).
mul{.rnd}{.ftz}{.sat}.f32  d, a, b;
mul{.rnd}.f64              d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
---
@section 9.7.3.5
@summary Multiplies two pairs of .f32 values packed in .b64 registers.
mul{.rnd}{.ftz}.f32x2      d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
a, b : reg;
---
@section 9.7.4.3
@summary Multiplies two half-precision values (scalar or packed pairs).
mul{.rnd}{.ftz}{.sat}.f16    d, a, b;
mul{.rnd}{.ftz}{.sat}.f16x2  d, a, b;
mul{.rnd}.bf16               d, a, b;
mul{.rnd}.bf16x2             d, a, b;
.rnd = { .rn };
a, b : reg;
---
@section 9.7.5.4
@summary Multiplies two .f32x2 pairs and rounds the products down to a packed half-precision pair (PTX 9.4).
// ptxas: "Rounding modifier required" and ".ftz modifier required" for the .f16x2 form.
mul.rnd.ftz.f16x2.atype.btype  d, a, b;
mul.rnd.bf16x2.atype.btype     d, a, b;
.atype = .btype = { .f32x2 };
.rnd = { .rz };
d : out reg .b32;
a, b : reg .f32x2;
---
@section 9.7.5.4
@summary Multiplies a packed .bf16x2 pair by a packed .f16x2 pair (PTX 9.4).
mul.dtype.atype.btype  d, a, b;
.dtype = .atype = { .bf16x2 };
.btype = { .f16x2 };
d    : out reg .b32;
a, b : reg .b32;
---
@section 9.7.5.4
@summary Multiplies a packed .f16x2 pair by a packed .bf16x2 pair (PTX 9.4).
mul.dtype.atype.btype  d, a, b;
.dtype = .atype = { .f16x2 };
.btype = { .bf16x2 };
d    : out reg .b32;
a, b : reg .b32;

---
@section 9.7.5.4
@summary Multiplies packed quadruples of FP8, FP6 and FP4 values into packed FP8 (PTX 9.4, sm_100a and sm_103a).
// No manual section yet: ptxas 13.5 probes. .e2m1x4 (four 4-bit values) is a .b16 register, the
// other source types a .b32; rounding is .rn alone; no constants.
mul{.rnd}{.satfinite}.dtype.atype.btype  d, a, b;
.dtype = { .e4m3x4, .e5m2x4 };
.atype = .btype = { .e2m1x4, .e2m1p4x4, .e2m3x4, .e3m2x4, .e4m3x4, .e5m2x4 };
.rnd = { .rn };
d : out reg .b32;
a : reg (.atype: .e2m1x4 = .b16, .e2m1p4x4 = .b32, .e2m3x4 = .b32, .e3m2x4 = .b32, .e4m3x4 = .b32, .e5m2x4 = .b32);
b : reg (.btype: .e2m1x4 = .b16, .e2m1p4x4 = .b32, .e2m3x4 = .b32, .e3m2x4 = .b32, .e4m3x4 = .b32, .e5m2x4 = .b32);

// ------------------------------------------------------------------ versions and targets

require mul .f32x2 !.f16x2|.bf16x2
  ptx 8.6; target sm_100
  ptxas "Feature 'mul.f32x2'"
  probe "mul.f32x2 %rd1, %rd2, %rd3"
  source §9.7.3.5
require mul .f16|.f16x2 !.f32x2|.bf16x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "mul.f16 %h1, %h2, %h3"
  source §9.7.4.3
require mul .bf16|.bf16x2 !.f32x2|.f16x2
  ptx 7.8; target sm_90
  ptxas "Feature 'mul.bf16'"
  probe "mul.bf16 %h1, %h2, %h3"
  source §9.7.4.3
require mul .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (observed by the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")
require mul dst=.f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'mul.f16x2.f32x2.f32x2'"
  probe "mul.rz.ftz.f16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5 (9.3: "requires PTX ISA .version 9.4"; sm_100f/sm_120f: "not supported")
require mul dst=.bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'mul.bf16x2.f32x2.f32x2'"
  probe "mul.rz.bf16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5
require mul dst=.bf16x2 src=.f16x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'mul.bf16x2.bf16x2.f16x2'"
  probe "mul.bf16x2.bf16x2.f16x2 %r1, %r2, %r3"
  source T72; ptxas 13.5
require mul dst=.f16x2 src=.bf16x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'mul.f16x2.f16x2.bf16x2'"
  probe "mul.f16x2.f16x2.bf16x2 %r1, %r2, %r3"
  source T72; ptxas 13.5

require mul dst=.e4m3x4|.e5m2x4
  ptx 9.4; target sm_100a, sm_103a
  ptxas "Feature 'mul.e4m3x4.e2m1x4.e4m3x4'" "Instruction 'mul.e4m3x4.e2m1x4.e4m3x4'"
  probe "mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4 %r1, %h1, %r2"
  source ptxas 13.5 probes (9.3: "requires PTX ISA .version 9.4"; sm_100f, sm_107a, sm_110f: "not supported"); flashinfer 0.7.4's NVFP4 attention kernels

@ptxas-names mul.hi mul.lo mul.wide source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

types mul
  probe "mul{lo}{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .f32x2, .e4m3x4, .e5m2x4
  source ptxas table `mul`, `mul.lo`; §9.7.1.3, §9.7.3.5, §9.7.4.3

// ------------------------------------------------------------------ rounding modifiers

rounding mul dst=.f16|.f16x2|.bf16|.bf16x2 .f32x2
  need required; allow .rz; missing "Rounding modifier required"
  source §9.7.5.4 (PTX 9.4: two .f32x2 values rounded down to a half-precision pair); ptxas 13.5: only .rz, required (rounding probes)
rounding mul dst=.f16|.f16x2|.bf16|.bf16x2
  when types 3
  need forbidden
  source §9.7.5.4 (mul.bf16x2.bf16x2.f16x2, mul.f16x2.f16x2.bf16x2: PTX 9.4); ptxas 13.5: "Illegal rounding modifier"
rounding mul dst=.f16|.f16x2|.bf16|.bf16x2
  need optional; allow .rn
  source §9.7.4.3 (.rnd = { .rn })
rounding mul dst=.f32
  when target <sm_20
  need optional; allow .rn .rz
  source §9.7.3.5 (".rm and .rp need sm_20"); ptxas: "Illegal rounding modifier" (rounding probes)
rounding mul dst=.f64
  when target <sm_13
  need optional; allow .rn .rz
  source §9.7.3.5; ptxas takes .rm/.rp on .f64 from sm_13 (rounding probes)
rounding mul
  when dst float
  need optional; allow .rn .rz .rm .rp
  source §9.7.3.5 (.rnd = { .rn, .rz, .rm, .rp }, default .rn)
rounding mul
  need forbidden
  source ptxas: "Illegal rounding modifier for instruction 'mul.lo'" (integer forms)
rounding-probe "mul{r}{T} {d}, {a}, {b}"
  types .f16 .f16x2 .bf16 .bf16x2 .f32 .f64 .f32x2
rounding-probe "mul.lo{r}{T} {d}, {a}, {b}"
  types .s32
rounding-probe "mul{r}{T} {d}, {a}, {b}"
  types .f32 .f64; legacy

// ------------------------------------------------------------------ modifier order

order mul .mode first
  ptxas "Unexpected instruction types specified for 'mul'"
  source ptxas 11.8, 12.9, 13.5 (mul.u32.lo)
order mul .wide first
  ptxas "Unknown modifier '.wide'"
  source ptxas 11.8, 12.9, 13.5 (mul.u32.wide)
