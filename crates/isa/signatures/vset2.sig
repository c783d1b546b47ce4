// vset2: SIMD video comparison on two 16-bit lanes (§9.7.18.2). Registers only; no .sat; only the six
// neutral comparisons.

@section 9.7.18.2
@summary Compares a and b lane by lane (1 or 0 per lane) and merges the lanes into c (.add: adds the results to c).

d : out reg .u32;
a : reg .atype;
b : reg .btype;
c : reg .u32;

vset2.atype.btype.cmp{.add}  d, a, b, c;
.atype = .btype = { .u32, .s32 };
.cmp   = { .eq, .ne, .lt, .le, .gt, .ge };

// ------------------------------------------------------------------ versions and targets

require vset2
  ptx 3.0; target sm_30
  ptxas "Feature 'SIMD video instructions'|Feature '3.0'" "Instruction 'vset2'"
  probe "vset2.s32.s32.lt %r1, %r2, %r3, %r4"
  source §9.7.18.2 L162/L166
