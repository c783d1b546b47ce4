// lop3: arbitrary logical operation of three inputs (§9.7.8.6).

@section 9.7.8.6
@summary Computes any logical function of a, b and c, given by the 8-bit truth table immLut.

d       : out reg;
a, b, c : reg|imm;
immLut  : imm range 0..255 eg 0x96;

lop3.b32 d, a, b, c, immLut;
d : out reg|sink;   // ptxas 12.9 and 13.5 accept `_`; 11.8 does not (a recorded quirk)
value d = ((~a & ~b & ~c) & -((immLut >> 0) & 1)) | ((~a & ~b & c) & -((immLut >> 1) & 1)) | ((~a & b & ~c) & -((immLut >> 2) & 1)) | ((~a & b & c) & -((immLut >> 3) & 1)) | ((a & ~b & ~c) & -((immLut >> 4) & 1)) | ((a & ~b & c) & -((immLut >> 5) & 1)) | ((a & b & ~c) & -((immLut >> 6) & 1)) | ((a & b & c) & -((immLut >> 7) & 1)) source §9.7.8.6: d = F(a, b, c), F the function whose truth table on ta = 0xF0, tb = 0xCC, tc = 0xAA is immLut;
---
@summary Computes a logical function of a, b and c, and combines (d != 0) with predicate q.
lop3.BoolOp.b32 d|p, a, b, c, immLut, q;
.BoolOp = { .or, .and };
d : out reg|sink;
p : out pred;
q : pred|imm;
value d = ((~a & ~b & ~c) & -((immLut >> 0) & 1)) | ((~a & ~b & c) & -((immLut >> 1) & 1)) | ((~a & b & ~c) & -((immLut >> 2) & 1)) | ((~a & b & c) & -((immLut >> 3) & 1)) | ((a & ~b & ~c) & -((immLut >> 4) & 1)) | ((a & ~b & c) & -((immLut >> 5) & 1)) | ((a & b & ~c) & -((immLut >> 6) & 1)) | ((a & b & c) & -((immLut >> 7) & 1)) source §9.7.8.6: d = F(a, b, c), F the function whose truth table on ta = 0xF0, tb = 0xCC, tc = 0xAA is immLut;

// ------------------------------------------------------------------ versions and targets

require lop3
  ptx 4.3; target sm_50
  ptxas "Feature 'lop3'" "Instruction 'lop3'"
  probe "lop3.b32 %r1, %r2, %r3, %r4, 0x96"
  source §9.7.8.6 L79/L85
require lop3 .or|.and
  ptx 8.2; target sm_70
  ptxas "Feature 'lop3.<BoolOp>'" "Instruction 'lop3.<BoolOp>'"
  probe "lop3.or.b32 %r1|%p1, %r2, %r3, %r4, 0x96, %p2"
  source §9.7.8.6 L81/L87
