// dp4a: four-way byte dot product-accumulate (§9.7.1.23).

@section 9.7.1.23
@summary Adds the dot product of the four bytes of a and of b to c: d = c + a.b0*b.b0 + ... + a.b3*b.b3.

// c and d are .u32 when both .atype and .btype are .u32, else .s32: any 32-bit integer register.
d    : out reg .b32;
a    : reg|imm .atype;
b    : reg|imm .btype;
c    : reg|imm .b32;

dp4a.atype.btype  d, a, b, c;
.atype = .btype = { .u32, .s32 };

// ------------------------------------------------------------------ versions and targets

require dp4a
  ptx 5.0; target sm_61
  ptxas "Feature 'dp4a'" "Instruction 'dp4a'"
  probe "dp4a.u32.u32 %r1, %r2, %r3, %r4"
  source §9.7.1.23 L43/L47
