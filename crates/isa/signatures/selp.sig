// selp: select between two values by a predicate (§9.7.6.3).

value d = c ? a : b source §9.7.6.3;

@section 9.7.6.3
@summary Gives a when predicate c is true, else b: d = c ? a : b.

d    : out reg;
a, b : reg|imm;
c    : pred|imm .pred;

selp.type  d, a, b, {!}c;
.type = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };

types selp
  probe "selp{T} {d}, {a}, {b}, %p1"
  legal .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64
  source ptxas table `selp` (F, I, B); §9.7.7.3
