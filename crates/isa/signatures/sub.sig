// sub: integer (§9.7.1.2), extended-precision (§9.7.2.3), floating-point (§9.7.3.4),
// half-precision (§9.7.4.2) and mixed-precision (§9.7.5.2) subtraction.
//
// Constants: ptxas takes them for scalar integer and .f32/.f64 sources (a float literal for a
// float type), never for packed or half-precision sources ("Arguments mismatch").

@summary Subtracts one value from another: d = a - b.

d    : out reg;
a, b : reg|imm;

value d = a - b unless .sat source §9.7.1.2: d = a - b;

@section 9.7.1.2
sub.type       d, a, b;
sub.sat.s32    d, a, b;
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };

---
@section 9.7.1.2
@summary Subtracts packed 8-bit integers lane by lane, optionally clamping each lane (PTX 9.2).
// ptxas has no .u16x2/.s16x2 sub ("Unexpected instruction types specified for 'sub'").
sub{.sat}.type d, a, b;
.type = { .u8x4, .s8x4 };
a, b : reg;

---
@section 9.7.2.3
@summary Subtracts two values and writes the borrow-out to the condition code.
sub.cc.type    d, a, b;
.type = { .u32, .s32, .u64, .s64 };

---
@section 9.7.3.4
@summary Subtracts two floating-point values, rounding as the modifier says (default .rn).
sub{.rnd}{.ftz}{.sat}.f32  d, a, b;
sub{.rnd}.f64              d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
---
@section 9.7.3.4
@summary Subtracts two pairs of .f32 values packed in .b64 registers.
sub{.rnd}{.ftz}.f32x2      d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
a, b : reg;

---
@section 9.7.4.2
@summary Subtracts two half-precision values (scalar or packed pairs).
sub{.rnd}{.ftz}{.sat}.f16    d, a, b;
sub{.rnd}{.ftz}{.sat}.f16x2  d, a, b;
sub{.rnd}.bf16               d, a, b;
sub{.rnd}.bf16x2             d, a, b;
.rnd = { .rn };
a, b : reg;

---
@section 9.7.5.2
@summary Converts a half-precision value to .f32 and subtracts an .f32 value: d = f32(a) - c.
sub{.rnd}{.sat}.f32.atype  d, a, c;
.atype = { .f16, .bf16 };
.rnd   = { .rn, .rz, .rm, .rp };
d : out reg .f32;
a : reg .atype;
c : reg|imm .f32;
---
@section 9.7.5.2
@summary Converts a packed half-precision pair to .f32x2 and subtracts an .f32x2 pair (PTX 9.4).
sub{.rnd}.dtype.atype.ctype  d, a, c;
.dtype = .ctype = { .f32x2 };
.atype = { .f16x2, .bf16x2 };
.rnd   = { .rn, .rz, .rm, .rp };
d : out reg .f32x2;
a : reg .atype;
c : reg .f32x2;
---
@section 9.7.5.2
@summary Subtracts two .f32x2 pairs and rounds the differences down to a packed half-precision pair (PTX 9.4).
// ptxas: ".ftz modifier required for instruction 'sub.f16x2.f32x2.f32x2'"; only .rz rounds.
sub{.rnd}.ftz.f16x2.atype.ctype  d, a, c;
sub{.rnd}.bf16x2.atype.ctype     d, a, c;
.atype = .ctype = { .f32x2 };
.rnd = { .rz };
d : out reg .b32;
a, c : reg .f32x2;

// ------------------------------------------------------------------ versions and targets

require sub .cc
  ptx 1.3
  ptxas "Feature 'sub.cc'" ""
  probe "sub.cc.u32 %r1, %r2, %r3"
  source §9.7.2.3 L40/L46 (manual: 1.2); ptxas: 1.3
require sub .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction '.cc with 64bit type'"
  probe "sub.cc.u64 %rd1, %rd2, %rd3"
  source §9.7.2.3 L42/L48
require sub .f32x2 !.f16x2|.bf16x2
  ptx 8.6; target sm_100
  ptxas "Feature 'sub.f32x2'"
  probe "sub.f32x2 %rd1, %rd2, %rd3"
  source §9.7.3.4
require sub .f16|.f16x2 !.f32|.f32x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "sub.f16x2 %r1, %r2, %r3"
  source §9.7.4.2
require sub .bf16|.bf16x2 !.f32|.f32x2
  ptx 7.8; target sm_90
  ptxas "Feature 'sub.bf16x2'"
  probe "sub.bf16x2 %r1, %r2, %r3"
  source §9.7.4.2
require sub dst=.f32 src=.f16|.bf16
  ptx 8.6; target sm_100
  ptxas "Feature 'sub.f32.bf16'"
  probe "sub.f32.bf16 %r1, %h1, %r2"
  source §9.7.5.2
require sub .u8x4|.s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'sub.s8x4'"
  probe "sub.s8x4 %r1, %r2, %r3"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4)
require sub .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")
require sub dst=.f32x2 .f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'sub.f32x2.f16x2.f32x2'"
  probe "sub.f32x2.f16x2.f32x2 %rd1, %r2, %rd3"
  source T72; ptxas 13.5 (9.3: "requires PTX ISA .version 9.4"; sm_100f/sm_120f: "not supported")
require sub dst=.f32x2 .bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'sub.f32x2.bf16x2.f32x2'"
  probe "sub.f32x2.bf16x2.f32x2 %rd1, %r2, %rd3"
  source T72; ptxas 13.5
require sub dst=.f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'sub.f16x2.f32x2.f32x2'"
  probe "sub.rz.ftz.f16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5
require sub dst=.bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'sub.bf16x2.f32x2.f32x2'"
  probe "sub.rz.bf16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5

types sub
  probe "sub{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .f32x2, .u8x4, .s8x4
  source ptxas table `sub`; §9.7.1.2, §9.7.3.4, §9.7.4.2

// ------------------------------------------------------------------ rounding modifiers

rounding sub dst=.f16|.f16x2|.bf16|.bf16x2 .f32x2
  need optional; allow .rz
  source §9.7.5.2 (PTX 9.4: two .f32x2 values rounded down to a half-precision pair); ptxas 13.5: only .rz (rounding probes)
rounding sub dst=.f16|.f16x2|.bf16|.bf16x2
  need optional; allow .rn
  source §9.7.4.2 (.rnd = { .rn })
rounding sub dst=.f32
  when target <sm_20
  need optional; allow .rn .rz
  source §9.7.3.4 (".rm and .rp need sm_20"); ptxas: "Illegal rounding modifier" (rounding probes)
rounding sub dst=.f64
  when target <sm_13
  need optional; allow .rn .rz
  source §9.7.3.4; ptxas takes .rm/.rp on .f64 from sm_13 (rounding probes)
rounding sub
  when dst float
  need optional; allow .rn .rz .rm .rp
  source §9.7.3.4 (.rnd = { .rn, .rz, .rm, .rp }, default .rn)
rounding sub
  need forbidden
  source ptxas: "Illegal rounding modifier for instruction 'sub'" (integer forms)
rounding-probe "sub{r}{T} {d}, {a}, {b}"
  types .f16 .f16x2 .bf16 .bf16x2 .f32 .f64 .f32x2
rounding-probe "sub{r}{T} {d}, {a}, {b}"
  types .f32 .f64; legacy
rounding-probe "sub{r}.f32.bf16 %r1, %h1, %r2"
  types .f32.bf16
