// dp2a: two-way 16-bit by 8-bit dot product-accumulate (§9.7.1.24).

@section 9.7.1.24
@summary Adds the dot product of the two halves of a and two bytes of b (its .lo or .hi half) to c.

// c and d are .u32 when both .atype and .btype are .u32, else .s32: any 32-bit integer register.
d    : out reg .b32;
a    : reg|imm .atype;
b    : reg|imm .btype;
c    : reg|imm .b32;

dp2a.mode.atype.btype  d, a, b, c;
.mode = { .lo, .hi };
.atype = .btype = { .u32, .s32 };

// ------------------------------------------------------------------ versions and targets

require dp2a
  ptx 5.0; target sm_61
  ptxas "Feature 'dp2a.lo'" "Instruction 'dp2a.lo'"
  probe "dp2a.lo.u32.u32 %r1, %r2, %r3, %r4"
  source §9.7.1.24 L50/L54

@ptxas-names dp2a.hi dp2a.lo source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

// ------------------------------------------------------------------ modifier order

order dp2a .mode first
  ptxas "'.hi/.lo' modifier required for instruction 'dp2a'"
  source ptxas 11.8, 12.9, 13.5 (dp2a.u32.u32.lo, dp2a.u32.lo.u32)
