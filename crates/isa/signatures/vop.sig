// vadd, vsub, vabsdiff, vmin, vmax: scalar video instructions (§9.7.18.1, "vop").
//
// Each source may carry a byte or half-word selector (`%r2.b1`, `%r3.h0`) and the destination a
// merge selector (`%r1.h1`); the selectors are part of the operand, not of the signature. c is
// the secondary operation's operand (.add/.min/.max), or the merge operand; ptxas also takes c
// without either. Constants are accepted for every source.

@summary Applies the operation to a and b (extended to 33 bits, .sat clamps), optionally followed by a secondary operation with c.

d       : out reg .dtype;
a       : reg|imm .atype;
b       : reg|imm .btype;
c       : reg|imm .dtype;

@section 9.7.18.1
vadd.dtype.atype.btype{.sat}       d, a, b{, c};
vadd.dtype.atype.btype{.sat}.op2   d, a, b, c;
vsub.dtype.atype.btype{.sat}       d, a, b{, c};
vsub.dtype.atype.btype{.sat}.op2   d, a, b, c;
vabsdiff.dtype.atype.btype{.sat}       d, a, b{, c};
vabsdiff.dtype.atype.btype{.sat}.op2   d, a, b, c;
vmin.dtype.atype.btype{.sat}       d, a, b{, c};
vmin.dtype.atype.btype{.sat}.op2   d, a, b, c;
vmax.dtype.atype.btype{.sat}       d, a, b{, c};
vmax.dtype.atype.btype{.sat}.op2   d, a, b, c;
.dtype = .atype = .btype = { .u32, .s32 };
.op2   = { .add, .min, .max };

// ------------------------------------------------------------------ versions and targets

require vadd
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vadd'"
  probe "vadd.s32.s32.s32 %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
require vsub
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vsub'"
  probe "vsub.s32.s32.s32 %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
require vabsdiff
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vabsdiff'"
  probe "vabsdiff.s32.s32.s32 %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
require vmin
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vmin'"
  probe "vmin.s32.s32.s32 %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
require vmax
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vmax'"
  probe "vmax.s32.s32.s32 %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
