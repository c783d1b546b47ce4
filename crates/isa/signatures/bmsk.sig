// bmsk: bit-field mask (§9.7.1.22).

@section 9.7.1.22
@summary Builds a mask of b ones starting at bit a: d = ((1 << b) - 1) << a, clamped or wrapped.

d    : out reg;
a, b : reg|imm;

bmsk.mode.b32  d, a, b;
.mode = { .clamp, .wrap };

// ------------------------------------------------------------------ versions and targets

require bmsk
  ptx 7.6; target sm_70
  ptxas "Feature 'bmsk'" "Instruction 'bmsk'"
  probe "bmsk.wrap.b32 %r1, %r2, %r3"
  source §9.7.1.22 L65/L69
