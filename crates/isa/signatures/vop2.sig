// vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2: SIMD video instructions on two 16-bit lanes
// (§9.7.18.2, "vop2"). Operands are registers only (ptxas: "Incorrect video selector for operand
// 1" for a constant); the sources carry half-word selectors and d a lane mask, which are part of the
// operand. The secondary operation is .add only, and not with .sat ("Illegal combination of .sat
// and .add modifiers").

@summary Applies the operation lane by lane to a and b and merges the lanes into c (.add: adds the lanes' results to c).

d : out reg .dtype;
a : reg .atype;
b : reg .btype;
c : reg .dtype;

@section 9.7.18.2
vadd2.dtype.atype.btype{.sat}  d, a, b, c;
vadd2.dtype.atype.btype.add    d, a, b, c;
vsub2.dtype.atype.btype{.sat}  d, a, b, c;
vsub2.dtype.atype.btype.add    d, a, b, c;
vavrg2.dtype.atype.btype{.sat}  d, a, b, c;
vavrg2.dtype.atype.btype.add    d, a, b, c;
vabsdiff2.dtype.atype.btype{.sat}  d, a, b, c;
vabsdiff2.dtype.atype.btype.add    d, a, b, c;
vmin2.dtype.atype.btype{.sat}  d, a, b, c;
vmin2.dtype.atype.btype.add    d, a, b, c;
vmax2.dtype.atype.btype{.sat}  d, a, b, c;
vmax2.dtype.atype.btype.add    d, a, b, c;
.dtype = .atype = .btype = { .u32, .s32 };

// ------------------------------------------------------------------ versions and targets

require vadd2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vadd2'"
  probe "vadd2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vsub2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vsub2'"
  probe "vsub2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vavrg2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vavrg2'"
  probe "vavrg2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vabsdiff2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vabsdiff2'"
  probe "vabsdiff2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vmin2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vmin2'"
  probe "vmin2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vmax2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vmax2'"
  probe "vmax2.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
