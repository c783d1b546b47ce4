// mul24: multiply two 24-bit integer values (§9.7.1.5).

@section 9.7.1.5
@summary Multiplies the low 24 bits of a and b, keeping the low (.lo) or high (.hi) 32 bits of the 48-bit product.

d    : out reg;
a, b : reg|imm;

mul24.mode.type  d, a, b;
.mode = { .hi, .lo };
.type = { .u32, .s32 };
