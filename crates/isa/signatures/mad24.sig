// mad24: multiply two 24-bit integer values and add a third (§9.7.1.6).

@section 9.7.1.6
@summary Multiplies the low 24 bits of a and b and adds c to the low (.lo) or high (.hi) 32 bits of the product.

d       : out reg;
a, b, c : reg|imm;

mad24.mode.type   d, a, b, c;
mad24.hi.sat.s32  d, a, b, c;
.mode = { .hi, .lo };
.type = { .u32, .s32 };
