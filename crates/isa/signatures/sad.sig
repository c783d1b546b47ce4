// sad: sum of absolute differences (§9.7.1.7).

@section 9.7.1.7
@summary Adds the absolute difference of a and b to c: d = c + |a - b|.

d       : out reg;
a, b, c : reg|imm;

sad.type  d, a, b, c;
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };
value d = c + ((a < b) ? b - a : a - b) source §9.7.1.7: d = c + ((a<b) ? b-a : a-b);

types sad
  probe "sad{T} {d}, {a}, {b}, {c}"
  legal .s16, .s32, .s64, .u16, .u32, .u64
  source ptxas table `sad` (I); §9.7.1.5
