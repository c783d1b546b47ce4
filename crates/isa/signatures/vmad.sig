// vmad: scalar video multiply-accumulate (§9.7.18.1). Sources may be negated (`-a`, at most one
// of a and b, or c; not with .po) and carry byte/half-word selectors: both are part of the
// operand, not of the signature.

@section 9.7.18.1
@summary Multiplies a and b (33-bit), adds c (or, with .po, adds 1: a * b + 1), optionally shifts right by 7 or 15 and clamps.

d       : out reg .dtype;
a       : reg|imm .atype;
b       : reg|imm .btype;
c       : reg|imm .dtype;

vmad.dtype.atype.btype{.sat}{.scale}     d, a, b, c;
vmad.dtype.atype.btype.po{.sat}{.scale}  d, a, b, c;
.dtype = .atype = .btype = { .u32, .s32 };
.scale = { .shr7, .shr15 };

// ------------------------------------------------------------------ versions and targets

require vmad
  ptx 2.0; target sm_20
  ptxas "Feature 'video instructions'|Feature '2.0'" "Instruction 'vmad'"
  probe "vmad.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.1 L160/L164
