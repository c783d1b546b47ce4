// vshl, vshr: scalar video shifts (§9.7.18.1, "vsh"). The shift amount b is always .u32 (ptxas:
// "Operation requires .u32 type"); .clamp or .wrap is required ("Clamp modifier required").

@summary Shifts a left (vshl) or right (vshr) by b (.clamp/.wrap: shift amounts of 32 and more), optionally followed by a secondary operation with c.

d : out reg .dtype;
a : reg|imm .atype;
b : reg|imm .u32;
c : reg|imm .dtype;

@section 9.7.18.1
vshl.dtype.atype.u32{.sat}.mode       d, a, b{, c};
vshl.dtype.atype.u32{.sat}.mode.op2   d, a, b, c;
vshr.dtype.atype.u32{.sat}.mode       d, a, b{, c};
vshr.dtype.atype.u32{.sat}.mode.op2   d, a, b, c;
.dtype = .atype = { .u32, .s32 };
.mode  = { .clamp, .wrap };
.op2   = { .add, .min, .max };

// ------------------------------------------------------------------ versions and targets

require vshl
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vshl'"
  probe "vshl.u32.u32.u32.clamp %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
require vshr
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vshr'"
  probe "vshr.u32.u32.u32.clamp %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
