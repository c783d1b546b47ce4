// and: bitwise AND (§9.7.8.1).

value d = a & b source §9.7.8.1;

@section 9.7.8.1
@summary Bitwise AND of two values (or two predicates): d = a & b.

d    : out reg;
a, b : reg|imm;

and.type  d, a, b;
.type = { .b16, .b32, .b64 };
---
@section 9.7.8.1
@summary Logical AND of two predicates; either may be negated or a constant.
and.pred  d, {!}a, {!}b;
d    : out pred;
a, b : pred|imm .pred;

types and
  probe "and{T} {d}, {a}, {b}"
  legal .pred, .b16, .b32, .b64
  source ptxas table `and` (B, P); §9.7.8.1
