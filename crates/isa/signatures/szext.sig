// szext: sign- or zero-extend an N-bit value (§9.7.1.21).

@section 9.7.1.21
@summary Sign- (.s32) or zero-extends (.u32) the low b bits of a to 32 bits (.clamp/.wrap: what b >= 32 means).

d : out reg;
a : reg|imm;
b : reg|imm .u32;

szext.mode.type  d, a, b;
.mode = { .clamp, .wrap };
.type = { .u32, .s32 };

// ------------------------------------------------------------------ versions and targets

require szext
  ptx 7.6; target sm_70
  ptxas "Feature 'szext'" "Instruction 'szext'"
  probe "szext.wrap.u32 %r1, %r2, %r3"
  source §9.7.1.21 L49/L53
