// vadd4, vsub4, vavrg4, vabsdiff4, vmin4, vmax4: SIMD video instructions on four 8-bit lanes
// (§9.7.18.2, "vop4"). Operands are registers only (ptxas: "Incorrect video selector for operand
// 1" for a constant); the sources carry byte selectors and d a lane mask, which are part of the
// operand. The secondary operation is .add only, and not with .sat ("Illegal combination of .sat
// and .add modifiers").

@summary Applies the operation lane by lane to a and b and merges the lanes into c (.add: adds the lanes' results to c).

d : out reg .dtype;
a : reg .atype;
b : reg .btype;
c : reg .dtype;

@section 9.7.18.2
vadd4.dtype.atype.btype{.sat}  d, a, b, c;
vadd4.dtype.atype.btype.add    d, a, b, c;
vsub4.dtype.atype.btype{.sat}  d, a, b, c;
vsub4.dtype.atype.btype.add    d, a, b, c;
vavrg4.dtype.atype.btype{.sat}  d, a, b, c;
vavrg4.dtype.atype.btype.add    d, a, b, c;
vabsdiff4.dtype.atype.btype{.sat}  d, a, b, c;
vabsdiff4.dtype.atype.btype.add    d, a, b, c;
vmin4.dtype.atype.btype{.sat}  d, a, b, c;
vmin4.dtype.atype.btype.add    d, a, b, c;
vmax4.dtype.atype.btype{.sat}  d, a, b, c;
vmax4.dtype.atype.btype.add    d, a, b, c;
.dtype = .atype = .btype = { .u32, .s32 };

// ------------------------------------------------------------------ versions and targets

require vadd4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vadd4'"
  probe "vadd4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vsub4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vsub4'"
  probe "vsub4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vavrg4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vavrg4'"
  probe "vavrg4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vabsdiff4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vabsdiff4'"
  probe "vabsdiff4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vmin4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vmin4'"
  probe "vmin4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
require vmax4
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vmax4'"
  probe "vmax4.s32.s32.s32 %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
