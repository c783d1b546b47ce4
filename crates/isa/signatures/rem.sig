// rem: integer remainder (§9.7.1.9).

value d = a % b source §9.7.1.9;

@section 9.7.1.9
@summary Divides a by b and keeps the remainder: d = a % b.

d    : out reg;
a, b : reg|imm;

rem.type  d, a, b;
.type = { .u16, .u32, .u64, .s16, .s32, .s64 };

types rem
  probe "rem{T} {d}, {a}, {b}"
  legal .s16, .s32, .s64, .u16, .u32, .u64
  source ptxas table `rem` (I); §9.7.1.7

// ------------------------------------------------------------------ rounding modifiers

rounding rem
  need forbidden
  source §9.7.1.9 (integer only); ptxas: "Illegal rounding modifier for instruction 'rem'"
rounding-probe "rem{r}{T} {d}, {a}, {b}"
  types .s32
