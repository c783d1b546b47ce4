// mul24: multiply two 24-bit integer values (§9.7.1.5).

@section 9.7.1.5
@summary Multiplies the low 24 bits of a and b, keeping the low (.lo) or high (.hi) 32 bits of the 48-bit product.

d    : out reg;
a, b : reg|imm;

mul24.mode.type  d, a, b;
// The low 24 bits of each operand, sign-extended for .s32 (an arithmetic shift), then the low
// 32 bits of their product.
value d = ((a << 8) >> 8) * ((b << 8) >> 8) when .lo source §9.7.1.5: t = a * b; d = t<31..0> for .lo;
.mode = { .hi, .lo };
.type = { .u32, .s32 };
value d = ((a << 8) >> 8) * ((b << 8) >> 8) when .lo source §9.7.1.5: t = a * b of the 24-bit values, d = t<31..0> for .lo;

@ptxas-names mul24.hi mul24.lo source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

// ------------------------------------------------------------------ modifier order

order mul24 .mode first
  ptxas "Not a name of any known instruction: 'mul24'"
  source ptxas 11.8, 12.9, 13.5 (mul24.u32.lo)
