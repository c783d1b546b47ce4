// bfind: find most significant non-sign bit (§9.7.1.16).

@section 9.7.1.16
@summary Finds the bit position of the most significant non-sign bit of a (.shiftamt: the left shift that brings it to the top).

d : out reg .u32;
a : reg|imm;

bfind{.shiftamt}.type  d, a;
.type = { .u32, .u64, .s32, .s64 };

// ------------------------------------------------------------------ versions and targets

require bfind
  ptx 2.0; target sm_20
  ptxas "Feature 'bfind'" "Instruction 'bfind'"
  probe "bfind.u32 %r1, %r2"
  source §9.7.1.16

types bfind
  probe "bfind{T} %r1, {a}"
  legal .u32, .u64, .s32, .s64
  source ptxas table `bfind` (I[32|64]); §9.7.1.16
