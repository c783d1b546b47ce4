// xor: bitwise exclusive OR (§9.7.8.3).

value d = a ^ b source §9.7.8.3;

@section 9.7.8.3
@summary Bitwise exclusive OR of two values (or two predicates): d = a ^ b.

d    : out reg;
a, b : reg|imm;

xor.type  d, a, b;
.type = { .b16, .b32, .b64 };
---
@section 9.7.8.3
@summary Logical exclusive OR of two predicates; either may be negated or a constant.
xor.pred  d, {!}a, {!}b;
d    : out pred;
a, b : pred|imm .pred;

types xor
  probe "xor{T} {d}, {a}, {b}"
  legal .pred, .b16, .b32, .b64
  source ptxas table `xor` (B, P); §9.7.8.3
