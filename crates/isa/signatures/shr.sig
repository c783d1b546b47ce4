// shr: shift right (§9.7.8.9).

value d = a >> b source §9.7.8.9: sign-filled for signed types;

@section 9.7.8.9
@summary Shifts a right by b bits, filling with the sign bit (signed types) or zeros: d = a >> b.

d : out reg;
a : reg|imm;
b : reg|imm .u32;

shr.type  d, a, b;
.type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64 };

types shr
  probe "shr{T} {d}, {a}, %r9"
  legal .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64
  source ptxas table `shr` (I, B); §9.7.8.9
