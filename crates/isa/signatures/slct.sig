// slct: select between two values by the sign of a third (§9.7.6.4).

@summary Gives a when c is not negative, else b: d = (c >= 0) ? a : b.

d    : out reg .dtype;
a, b : reg|imm .dtype;

@section 9.7.6.4
slct.dtype.ctype  d, a, b, c;
.dtype = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };
.ctype = { .s32 };
c : reg|imm .ctype;
value d = (c >= 0) ? a : b source §9.7.6.4: d = (c >= 0) ? a : b;
---
@section 9.7.6.4
@summary Gives a when the .f32 value c is not negative (-0.0 counts as not negative), else b.
slct{.ftz}.dtype.ctype  d, a, b, c;
.dtype = { .b16, .b32, .b64, .u16, .u32, .u64, .s16, .s32, .s64, .f32, .f64 };
.ctype = { .f32 };
c : reg|imm .ctype;

// ------------------------------------------------------------------ versions and targets

require slct .ftz
  ptx 1.4; ptxas "Feature '.ftz'"
  source ptxas ("Feature '.ftz' requires PTX ISA .version 1.4 or later")
