// fns: find the n-th set bit (§9.7.1.17).

@section 9.7.1.17
@summary Finds the offset-th set bit of mask counting from bit base (0xffffffff when there is none).

d      : out reg .b32;
mask   : reg|imm .b32;
base   : reg|imm .b32;
offset : reg|imm .b32;   // ptxas types it as the instruction's .b32 (takes .f32, .f16x2 registers)

fns.b32  d, mask, base, offset;

// ------------------------------------------------------------------ versions and targets

require fns
  ptx 6.0; target sm_30
  ptxas "Feature 'fns'" "Instruction 'fns'"
  probe "fns.b32 %r1, %r2, %r3, 1"
  source §9.7.1.17 L53/L57
