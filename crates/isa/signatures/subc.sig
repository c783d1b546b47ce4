// subc: subtract with borrow-in (§9.7.2.4).

@section 9.7.2.4
@summary Subtracts b and the condition code's borrow-in from a: d = a - (b + CC.CF) (.cc: writes the borrow-out).

d    : out reg;
a, b : reg|imm;

subc{.cc}.type  d, a, b;
.type = { .u32, .s32, .u64, .s64 };

// ------------------------------------------------------------------ versions and targets

require subc
  ptx 1.3
  ptxas "Feature 'subc'|Feature '1.3'" ""
  probe "sub.cc.u32 %r1, %r2, %r3; subc.u32 %r4, %r2, %r3"
  source §9.7.2.4 L40/L46 (manual: 1.2); ptxas: 1.3
require subc .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction '.cc with 64bit type'"
  probe "subc.cc.u64 %rd4, %rd2, %rd3"
  source §9.7.2.4 L42/L48; ptxas: the limit is on .cc with a 64-bit type (`subc.u64` alone assembles at 1.3 on sm_10)
