// add: integer (§9.7.1.1), extended-precision (§9.7.2.1), floating-point (§9.7.3.3),
// half-precision (§9.7.4.1) and mixed-precision (§9.7.5.1) addition.
//
// Constants: ptxas takes them for scalar integer and .f32/.f64 sources (a float literal for a
// float type, "Arguments mismatch" for `add.f32 d, a, 1`), never for packed or half-precision
// sources ("Arguments mismatch for instruction 'add'").

@summary Adds two values: d = a + b.

d    : out reg;
a, b : reg|imm;

value d = a + b unless .sat source §9.7.1.1: d = a + b;

@section 9.7.1.1
add.type       d, a, b;
add.sat.s32    d, a, b;
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };

---
@section 9.7.1.1
@summary Adds packed integers lane by lane (two 16-bit or four 8-bit lanes in a .b32).
add.type       d, a, b;
.type = { .u16x2, .s16x2, .u8x4, .s8x4 };
a, b : reg;

---
@section 9.7.1.1
@summary Adds two values, clamping the result to the type's range (PTX 9.2 forms).
add.sat.u32    d, a, b;
---
@section 9.7.1.1
@summary Adds packed integers lane by lane, clamping each lane to its range (PTX 9.2 forms).
add.sat.type   d, a, b;
.type = { .u16x2, .s16x2, .u8x4, .s8x4 };
a, b : reg;

---
@section 9.7.2.1
@summary Adds two values and writes the carry-out to the condition code.
@effects none
add.cc.type    d, a, b;
.type = { .u32, .s32, .u64, .s64 };

---
@section 9.7.3.3
@summary Adds two floating-point values, rounding as the modifier says (default .rn).
@effects none
add{.rnd}{.ftz}{.sat}.f32  d, a, b;
add{.rnd}.f64              d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
---
@section 9.7.3.3
@summary Adds two pairs of .f32 values packed in .b64 registers.
add{.rnd}{.ftz}.f32x2      d, a, b;
.rnd = { .rn, .rz, .rm, .rp };
a, b : reg;

---
@section 9.7.4.1
@summary Adds two half-precision values (scalar or packed pairs).
add{.rnd}{.ftz}{.sat}.f16    d, a, b;
add{.rnd}{.ftz}{.sat}.f16x2  d, a, b;
add{.rnd}.bf16               d, a, b;
add{.rnd}.bf16x2             d, a, b;
.rnd = { .rn };
a, b : reg;

---
@section 9.7.5.1
@summary Converts a half-precision value to .f32 and adds an .f32 value: d = f32(a) + c.
add{.rnd}{.sat}.f32.atype  d, a, c;
.atype = { .f16, .bf16 };
.rnd   = { .rn, .rz, .rm, .rp };
d : out reg .f32;
a : reg .atype;
c : reg|imm .f32;
---
@section 9.7.5.1
@summary Converts a packed half-precision pair to .f32x2 and adds an .f32x2 pair (PTX 9.4).
add{.rnd}.dtype.atype.ctype  d, a, c;
.dtype = .ctype = { .f32x2 };
.atype = { .f16x2, .bf16x2 };
.rnd   = { .rn, .rz, .rm, .rp };
d : out reg .f32x2;
a : reg .atype;
c : reg .f32x2;
---
@section 9.7.5.1
@summary Adds two .f32x2 pairs and rounds the sums down to a packed half-precision pair (PTX 9.4).
// ptxas: ".ftz modifier required for instruction 'add.f16x2.f32x2.f32x2'"; only .rz rounds.
// d is the instruction's .f16x2/.bf16x2 (ptxas 13.5 takes a .b32 or .f16x2 register for
// .f16x2, no .u32/.s32: the register-type grid).
add{.rnd}.ftz.f16x2.atype.ctype  d, a, c;
.atype = .ctype = { .f32x2 };
.rnd = { .rz };
d : out reg .f16x2;
a, c : reg .f32x2;
---
@section 9.7.5.1
@summary Adds two .f32x2 pairs and rounds the sums down to a packed .bf16x2 pair (PTX 9.4).
add{.rnd}.bf16x2.atype.ctype     d, a, c;
.atype = .ctype = { .f32x2 };
.rnd = { .rz };
d : out reg .bf16x2;
a, c : reg .f32x2;

// ------------------------------------------------------------------ versions and targets

require add .u16x2|.s16x2
  ptx 8.0; target sm_90
  ptxas "Feature 'add.u16x2'"
  probe "add.u16x2 %r1, %r2, %r3"
  source §9.7.1.1 L58/L64
require add .u8x4|.s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'add.u8x4'"
  probe "add.u8x4 %r1, %r2, %r3"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4), not on sm_100f/103f/110f
require add .cc
  ptx 1.2
  ptxas "Feature '.cc'" ""
  probe "add.cc.u32 %r1, %r2, %r3"
  source §9.7.2.1 L40/L46
require add .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction '.cc with 64bit type'"
  probe "add.cc.u64 %rd1, %rd2, %rd3"
  source §9.7.2.1 L42/L48
require add .f32x2 !.f16x2|.bf16x2
  ptx 8.6; target sm_100
  ptxas "Feature 'add.f32x2'"
  probe "add.f32x2 %rd1, %rd2, %rd3"
  source §9.7.3.3 L94/L116
require add .f16|.f16x2 !.f32|.f32x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "add.f16 %h1, %h2, %h3"
  source §9.7.4.1 L69/L75
require add .bf16|.bf16x2 !.f32|.f32x2
  ptx 7.8; target sm_90
  ptxas "Feature 'add.bf16'"
  probe "add.bf16 %h1, %h2, %h3"
  source §9.7.4.1 L71/L77
require add dst=.f32 src=.f16|.bf16
  ptx 8.6; target sm_100
  ptxas "Feature 'add.f32.f16'"
  probe "add.f32.f16 %r1, %h1, %r2"
  source §9.7.5.1 L67/L71
require add .sat .u32|.u16x2|.s16x2|.u8x4|.s8x4
  ptx 9.2; target sm_120f, sm_107f@9.4
  ptxas "Feature 'add.sat'"
  probe "add.sat.u32 %r1, %r2, %r3"
  source RN 9.2; T72; ptxas 13.5 also accepts it on sm_107f/sm_107a (9.4)
require add .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas (observed by the signature probes: "Feature '.ftz' requires PTX ISA .version 1.4 or later")
require add dst=.f32x2 .f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'add.f32x2.f16x2.f32x2'"
  probe "add.f32x2.f16x2.f32x2 %rd1, %r2, %rd3"
  source T72; ptxas 13.5 (9.3: "requires PTX ISA .version 9.4"; sm_100f/sm_120f: "not supported")
require add dst=.f32x2 .bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'add.f32x2.bf16x2.f32x2'"
  probe "add.f32x2.bf16x2.f32x2 %rd1, %r2, %rd3"
  source T72; ptxas 13.5
require add dst=.f16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'add.f16x2.f32x2.f32x2'"
  probe "add.rz.ftz.f16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5
require add dst=.bf16x2 src=.f32x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'add.bf16x2.f32x2.f32x2'"
  probe "add.rz.bf16x2.f32x2.f32x2 %r1, %rd2, %rd3"
  source T72; ptxas 13.5

types add
  probe "add{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2, .u16x2, .s16x2, .f32x2, .u8x4, .s8x4
  source ptxas table `add` (F16 H32 F32 F64 I E16 E32 N32 H64 F32F16 F32E16); §9.7.1.1, §9.7.3.3, §9.7.4.1

// ------------------------------------------------------------------ rounding modifiers

rounding add dst=.f16|.f16x2|.bf16|.bf16x2 .f32x2
  need optional; allow .rz
  source §9.7.5.1 (PTX 9.4: two .f32x2 values rounded down to a half-precision pair); ptxas 13.5: only .rz (rounding probes)
rounding add dst=.f16|.f16x2|.bf16|.bf16x2
  need optional; allow .rn
  source §9.7.4.1 (.rnd = { .rn })
rounding add dst=.f32
  when target <sm_20
  need optional; allow .rn .rz
  source §9.7.3.3 (".rm and .rp need sm_20"); ptxas: "Illegal rounding modifier" (rounding probes)
rounding add dst=.f64
  when target <sm_13
  need optional; allow .rn .rz
  source §9.7.3.3; ptxas takes .rm/.rp on .f64 from sm_13 (rounding probes)
rounding add
  when dst float
  need optional; allow .rn .rz .rm .rp
  source §9.7.3.3 (.rnd = { .rn, .rz, .rm, .rp }, default .rn)
rounding add
  need forbidden
  source ptxas: "Illegal rounding modifier for instruction 'add'" (integer forms)
rounding-probe "add{r}{T} {d}, {a}, {b}"
  types .f16 .f16x2 .bf16 .bf16x2 .f32 .f64 .f32x2
rounding-probe "add{r}{T} {d}, {a}, {b}"
  types .s32
rounding-probe "add{r}{T} {d}, {a}, {b}"
  types .f32 .f64; legacy
rounding-probe "add{r}.f32.f16 %r1, %h1, %r2"
  types .f32.f16
