// shl: shift left (§9.7.8.8).

value d = a << b source §9.7.8.8: d = a << b;

@section 9.7.8.8
@summary Shifts a left by b bits, filling with zeros: d = a << b.

d : out reg;
a : reg|imm;
b : reg|imm .u32;

shl.type  d, a, b;
.type = { .b16, .b32, .b64 };

types shl
  probe "shl{T} {d}, {a}, %r9"
  legal .b16, .b32, .b64
  source ptxas table `shl` (B); §9.7.8.8
