// mad24: multiply two 24-bit integer values and add a third (§9.7.1.6).

@section 9.7.1.6
@summary Multiplies the low 24 bits of a and b and adds c to the low (.lo) or high (.hi) 32 bits of the product.

d       : out reg;
a, b, c : reg|imm;

mad24.mode.type   d, a, b, c;
mad24.hi.sat.s32  d, a, b, c;
// The low 24 bits of a and b, sign-extended for .s32 (an arithmetic shift), multiplied; the low
// 32 bits of the product plus c.
value d = ((a << 8) >> 8) * ((b << 8) >> 8) + c when .lo source §9.7.1.6: t = a * b; d = t<31..0> + c for .lo;
.mode = { .hi, .lo };
.type = { .u32, .s32 };
value d = ((a << 8) >> 8) * ((b << 8) >> 8) + c when .lo unless .sat source §9.7.1.6: t = a * b of the 24-bit values, d = t<31..0> + c for .lo;

@ptxas-names mad24.hi mad24.lo source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists

// ------------------------------------------------------------------ modifier order

order mad24 .mode first
  ptxas "Not a name of any known instruction: 'mad24'"
  source ptxas 11.8, 12.9, 13.5 (mad24.u32.lo)
order mad24 .hi first
  ptxas "Not a name of any known instruction: 'mad24'"
  source ptxas 11.8, 12.9, 13.5 (mad24.sat.hi.s32)
