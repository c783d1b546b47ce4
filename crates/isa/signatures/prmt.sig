// prmt: permute bytes from a register pair (§9.7.9.7).

@section 9.7.9.7
@summary Picks four bytes out of the eight of b:a as selector c (or the .mode) says.

d, a, b, c : reg|imm;
d          : out reg;

prmt.b32{.mode}  d, a, b, c;
.mode = { .f4e, .b4e, .rc8, .ecl, .ecr, .rc16 };

// ------------------------------------------------------------------ versions and targets

require prmt
  ptx 2.0; target sm_20
  ptxas "Feature 'prmt'" "Instruction 'prmt'"
  probe "prmt.b32 %r1, %r2, %r3, %r4"
  source §9.7.9.7 L83/L87
