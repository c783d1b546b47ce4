// or: bitwise OR (§9.7.8.2).

value d = a | b source §9.7.8.2;

@section 9.7.8.2
@summary Bitwise OR of two values (or two predicates): d = a | b.

d    : out reg;
a, b : reg|imm;

or.type  d, a, b;
.type = { .b16, .b32, .b64 };
---
@section 9.7.8.2
@summary Logical OR of two predicates; either may be negated or a constant.
or.pred  d, {!}a, {!}b;
d    : out pred;
a, b : pred|imm .pred;
