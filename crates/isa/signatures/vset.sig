// vset: scalar video comparison (§9.7.18.1). No .sat ("Illegal modifier '.sat' for instruction
// 'vset'"); only the six signed/unsigned-neutral comparisons ("Mismatch between instruction type
// and comparison qualifier" for .lo/.hi/...).

@section 9.7.18.1
@summary Compares a and b (1 or 0), optionally followed by a secondary operation with c.

d : out reg .u32;
a : reg|imm .atype;
b : reg|imm .btype;
c : reg|imm .u32;

vset.atype.btype.cmp       d, a, b{, c};
vset.atype.btype.cmp.op2   d, a, b, c;
.atype = .btype = { .u32, .s32 };
.cmp   = { .eq, .ne, .lt, .le, .gt, .ge };
.op2   = { .add, .min, .max };

// ------------------------------------------------------------------ versions and targets

require vset
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vset'"
  probe "vset.s32.s32.lt %r1, %r2, %r3"
  source §9.7.18.1 L160/L164
