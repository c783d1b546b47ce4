// set: compare two values and write a boolean value (§9.7.6.1), half-precision (§9.7.7.1).
//
// d is 0xffffffff (1.0 for a float dtype) when the comparison, combined with c, is true, else 0.
// Which dtypes go with which stypes, and where .ftz goes, is ptxas's: .ftz only with an .f32,
// .f16 or .f16x2 source and a dtype other than .bf16 ("Illegal modifier '.ftz' for instruction
// 'set'"); ptxas also takes `set.CmpOp.bf16.bf16`, which the manual does not list. The
// comparisons each source type takes are setp's (signatures/setp.sig). Constants only for scalar
// integer and .f32/.f64 sources; c may be negated, and a constant except where a .bf16/.bf16x2
// type is involved ("Arguments mismatch" for `set.eq.and.bf16.f32 d, a, b, 1`).

@summary Compares a and b and writes all ones (1.0 for a float dtype) or 0 to d, optionally combined with predicate c.

d    : out reg .dtype;
a, b : reg|imm .stype;
c    : pred|imm .pred;

@section 9.7.6.1
@summary Compares two bit-size values for equality.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u32, .s32, .f32, .f16 };
.stype  = { .b16, .b32, .b64 };
---
@section 9.7.6.1
@summary Compares two bit-size values for equality into a .bf16 result.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne };
.BoolOp = { .and, .or, .xor };
.dtype  = { .bf16 };
.stype  = { .b16, .b32, .b64 };
c    : pred .pred;
---
@section 9.7.6.1
@summary Compares two unsigned integers.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi, .hs };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u32, .s32, .f32, .f16 };
.stype  = { .u16, .u32, .u64 };
---
@section 9.7.6.1
@summary Compares two unsigned integers into a .bf16 result.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi, .hs };
.BoolOp = { .and, .or, .xor };
.dtype  = { .bf16 };
.stype  = { .u16, .u32, .u64 };
c    : pred .pred;
---
@section 9.7.6.1
@summary Compares two signed integers.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u32, .s32, .f32, .f16 };
.stype  = { .s16, .s32, .s64 };
---
@section 9.7.6.1
@summary Compares two signed integers into a .bf16 result.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge };
.BoolOp = { .and, .or, .xor };
.dtype  = { .bf16 };
.stype  = { .s16, .s32, .s64 };
c    : pred .pred;
---
@section 9.7.6.1
@summary Compares two .f32 values (ordered or unordered).
set.CmpOp{.ftz}.dtype.stype         d, a, b;
set.CmpOp.BoolOp{.ftz}.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u32, .s32, .f32, .f16 };
.stype  = { .f32 };
---
@section 9.7.6.1
@summary Compares two .f64 values (ordered or unordered).
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u32, .s32, .f32, .f16 };
.stype  = { .f64 };
---
@section 9.7.6.1
@summary Compares two .f32 or .f64 values into a .bf16 result.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .bf16 };
.stype  = { .f32, .f64 };
c    : pred .pred;
---
@section 9.7.7.1
@summary Compares two .f16 values.
set.CmpOp{.ftz}.dtype.stype         d, a, b;
set.CmpOp.BoolOp{.ftz}.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u16, .s16, .u32, .s32, .f16 };
.stype  = { .f16 };
a, b : reg .stype;
---
@section 9.7.7.1
@summary Compares two .bf16 or .f16 values into a .bf16 or integer result.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .u16, .s16, .u32, .s32, .bf16 };
.stype  = { .bf16, .f16 };
except .u16|.s16|.u32|.s32 src=.f16 because an integer result of an .f16 comparison is the .f16 form's (this one has no .ftz);
a, b : reg .stype;
c    : pred .pred;
---
@section 9.7.7.1
@summary Compares two packed .f16x2 pairs lane by lane.
set.CmpOp{.ftz}.dtype.stype         d, a, b;
set.CmpOp.BoolOp{.ftz}.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .f16x2, .u32, .s32 };
.stype  = { .f16x2 };
a, b : reg .stype;
---
@section 9.7.7.1
@summary Compares two packed .bf16x2 pairs lane by lane.
set.CmpOp.dtype.stype         d, a, b;
set.CmpOp.BoolOp.dtype.stype  d, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
.dtype  = { .bf16x2, .u32, .s32 };
.stype  = { .bf16x2 };
a, b : reg .stype;
c    : pred .pred;
---
@section 9.7.7.1
@summary Compares two packed integers lane by lane, each lane all ones or 0 (PTX 9.4).
set.CmpOp.type  d, a, b;
.CmpOp = { .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi, .hs };
.type  = { .u8x4, .u16x2 };
// Every operand is the instruction type: a .b32 or .f16x2 register, no .u32 (ptxas 13.5).
d    : out reg .type;
a, b : reg .type;
---
@section 9.7.7.1
@summary Compares two packed signed integers lane by lane, each lane all ones or 0 (PTX 9.4).
set.CmpOp.type  d, a, b;
.CmpOp = { .eq, .ne, .lt, .le, .gt, .ge };
.type  = { .s8x4, .s16x2 };
d    : out reg .type;
a, b : reg .type;

// ------------------------------------------------------------------ versions and targets

require set src=.f16|.f16x2 !.u16|.s16|.u32|.s32
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "set.lt.f16.f16 %h1, %h2, %h3"
  source §9.7.7.1 L114/L122
require set .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Feature 'set.bf16'"
  probe "set.lt.u32.bf16 %r1, %h1, %h2"
  source §9.7.7.1 L118/L124
require set dst=.f16 !.f16x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "set.eq.f16.f32 %h1, %r2, %r3"
  source §9.7.7.1; ptxas (an .f16 result needs what an .f16 source needs)
require set dst=.u16|.s16|.u32|.s32 src=.f16|.f16x2
  ptx 6.5; target sm_53
  ptxas "Feature 'half precision floating point set instruction with integer result'"
  probe "set.eq.u32.f16 %r1, %h1, %h2"
  source §9.7.7.1 (set.{u16,u32,s16,s32}.f16 and set.{u32,s32}.f16x2 from 6.5); ptxas
require set .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
require set .u8x4|.s8x4|.u16x2|.s16x2
  ptx 9.4; target sm_107f
  ptxas "Feature 'set.u8x4'" "Instruction 'set.u8x4'"
  probe "set.eq.u8x4 %r1, %r2, %r3"
  source T72; ptxas 13.5 (9.3: "Feature 'set.u8x4' requires PTX ISA .version 9.4 or later"; sm_100f, sm_120f: "Instruction 'set.u8x4' not supported")
