// setp: compare two values and set predicates (§9.7.6.2), half-precision (§9.7.7.2).
//
// The comparisons a type takes (ptxas: "Mismatch between instruction type and comparison
// qualifier"): bit types .eq .ne; unsigned types also .lt .le .gt .ge .lo .ls .hi .hs; signed
// types .eq .ne .lt .le .gt .ge; float types also the unordered .equ ... .geu, .num, .nan.
// The predicate c of a boolean form may be negated or a constant; either destination may be the
// sink (`_|%p2`); constants only for scalar integer and .f32/.f64 sources.

@summary Compares a and b and sets p (and q to its complement), optionally combined with predicate c.

p, q : out pred|sink;
a, b : reg|imm;
c    : pred|imm .pred;

value p = (a .CmpOp b) .BoolOp c source §9.7.6.2: p = (a CmpOp b) BoolOp c;
value p = a .CmpOp b source §9.7.6.2: p = a CmpOp b;

@section 9.7.6.2
setp.CmpOp.type         p{|q}, a, b;
setp.CmpOp.BoolOp.type  p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne };
.BoolOp = { .and, .or, .xor };
.type   = { .b16, .b32, .b64 };
---
@section 9.7.6.2
@summary Compares two unsigned integers and sets p (and q to its complement), optionally combined with predicate c.
setp.CmpOp.type         p{|q}, a, b;
setp.CmpOp.BoolOp.type  p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .lo, .ls, .hi, .hs };
.BoolOp = { .and, .or, .xor };
.type   = { .u16, .u32, .u64 };
---
@section 9.7.6.2
@summary Compares two signed integers and sets p (and q to its complement), optionally combined with predicate c.
setp.CmpOp.type         p{|q}, a, b;
setp.CmpOp.BoolOp.type  p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge };
.BoolOp = { .and, .or, .xor };
.type   = { .s16, .s32, .s64 };
---
@section 9.7.6.2
@summary Compares two floating-point values (ordered or unordered) and sets p (and q to its complement), optionally combined with predicate c.
setp.CmpOp{.ftz}.f32         p{|q}, a, b;
setp.CmpOp.BoolOp{.ftz}.f32  p{|q}, a, b, {!}c;
setp.CmpOp.f64               p{|q}, a, b;
setp.CmpOp.BoolOp.f64        p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };

---
@section 9.7.7.2
@summary Compares half-precision values (packed pairs: p for the upper halves, q for the lower), optionally combined with predicate c.
setp.CmpOp{.ftz}.f16           p, a, b;
setp.CmpOp.BoolOp{.ftz}.f16    p, a, b, {!}c;
setp.CmpOp{.ftz}.f16x2         p{|q}, a, b;
setp.CmpOp.BoolOp{.ftz}.f16x2  p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
a, b : reg;
---
@section 9.7.7.2
@summary Compares .bf16 values (packed pairs: p for the upper halves, q for the lower), optionally combined with predicate c.
// c cannot be a constant here ("Arguments mismatch for instruction 'setp'"), unlike every other setp.
setp.CmpOp.bf16                p, a, b;
setp.CmpOp.BoolOp.bf16         p, a, b, {!}c;
setp.CmpOp.bf16x2              p{|q}, a, b;
setp.CmpOp.BoolOp.bf16x2       p{|q}, a, b, {!}c;
.CmpOp  = { .eq, .ne, .lt, .le, .gt, .ge, .equ, .neu, .ltu, .leu, .gtu, .geu, .num, .nan };
.BoolOp = { .and, .or, .xor };
a, b : reg;
c    : pred .pred;

// ------------------------------------------------------------------ versions and targets

require setp .f16|.f16x2
  ptx 4.2; target sm_53
  ptxas "Feature 'f16 arithemetic and compare instructions'"
  probe "setp.lt.f16 %p1, %h1, %h2"
  source §9.7.7.2 L79/L85
require setp .bf16|.bf16x2
  ptx 7.8; target sm_90
  ptxas "Feature 'setp.bf16'"
  probe "setp.lt.bf16 %p1, %h1, %h2"
  source §9.7.7.2 L81/L87
require setp .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")

types setp
  probe "setp.ne{T} %p1, {a}, {b}"
  legal .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64, .f16, .f16x2, .bf16, .bf16x2
  source ptxas table `setp` (F16 H32 F32 F64 I B E16 E32); §9.7.7.2
