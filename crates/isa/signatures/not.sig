// not: bitwise negation (§9.7.8.4).

value d = ~a source §9.7.8.4;

@section 9.7.8.4
@summary Inverts every bit of a (or a predicate): d = ~a.

d : out reg;
a : reg|imm;

not.type  d, a;
.type = { .b16, .b32, .b64 };
---
@section 9.7.8.4
@summary Inverts a predicate; the source may itself be negated or a constant.
not.pred  d, {!}a;
d : out pred;
a : pred|imm .pred;

types not
  probe "not{T} {d}, {a}"
  legal .pred, .b16, .b32, .b64
  source ptxas table `not` (B, P); §9.7.8.4
