// addc: add with carry-in (§9.7.2.2).

@section 9.7.2.2
@summary Adds two values and the condition code's carry-in: d = a + b + CC.CF (.cc: writes the carry-out).

d    : out reg;
a, b : reg|imm;

addc{.cc}.type  d, a, b;
.type = { .u32, .s32, .u64, .s64 };

// ------------------------------------------------------------------ versions and targets

require addc
  ptx 1.2
  ptxas "Feature 'addc'|Feature '1.2'" ""
  probe "add.cc.u32 %r1, %r2, %r3; addc.u32 %r4, %r2, %r3"
  source §9.7.2.2 L40/L46
require addc .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction '.cc with 64bit type'"
  probe "addc.cc.u64 %rd4, %rd2, %rd3"
  source §9.7.2.2 L42/L48; ptxas: the limit is on .cc with a 64-bit type (`addc.u64` alone assembles at 1.2 on sm_10)
