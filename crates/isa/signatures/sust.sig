// sust: store to a surface (§9.7.11.2), unformatted (.b) or formatted (.p, 32-bit channels:
// ptxas takes only .b32, 'Unexpected instruction types specified for 'sust.p'' for .f32). ptxas
// requires the out-of-bounds mode where the Syntax block writes it optional. The value may be a
// wider register (`%rd1` for .b32), as for st; a narrower one is rejected ('Arguments mismatch').

@section 9.7.11.2
@summary Stores c, unformatted, to surface a at coordinates b.
@effects write

a : surfref;
b : reg|imm .b32 scalar x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 2, .a2d = 4);
c : reg|imm wide x.vec .ctype;
.geom  = { .1d, .2d, .3d, .a1d, .a2d };
.cop   = { .wb, .cg, .cs, .wt };
.vec   = { .v2, .v4 };
.ctype = { .b8, .b16, .b32, .b64 };
.mode  = { .trap, .clamp, .zero };

sust.b.geom{.cop}.vec.ctype.mode  [a, b], c;
memory write a space texture proxy texture source §9.7.11.2;
except .v4 .b64 because a .v4 vector of .b64 is larger than 16 bytes;
---
@summary Stores c (one value, or a vector of any size), unformatted, to surface a at coordinates b.
// Without .vec ptxas takes one value or a vector of 2 or 4 (even 4 x .b64).
c : reg|imm wide x(.ctype: .b8 = 1|2|4, .b16 = 1|2|4, .b32 = 1|2|4, .b64 = 1|2|4);
sust.b.geom{.cop}.ctype.mode  [a, b], c;
memory write a space texture proxy texture source §9.7.11.2;
---
@summary Stores c, formatted as the surface's channels, to surface a at coordinates b.
.geom  = { .1d, .2d, .3d };
c : reg|imm wide x.vec .b32;
sust.p.geom.vec.b32.mode  [a, b], c;
memory write a space texture proxy texture source §9.7.11.2;
---
@summary Stores c (one value, or a vector of any size), formatted, to surface a at coordinates b.
.geom  = { .1d, .2d, .3d };
c : reg|imm wide x(.mode: .trap = 1|2|4, .clamp = 1|2|4, .zero = 1|2|4) .b32;
sust.p.geom.b32.mode  [a, b], c;
memory write a space texture proxy texture source §9.7.11.2;

// ------------------------------------------------------------------ versions and targets

require sust
  ptx 1.5
  ptxas "Feature 'sust.b'" ""
  probe "sust.b.2d.b32.trap [surf0, {%r2, %r3}], {%r1}"
  setup ".global .surfref surf0"
  source §9.7.11.2 L71
require sust .p
  ptx 2.0; target sm_20
  ptxas "Feature 'sust.p'" "Instruction 'sust.p'"
  probe "sust.p.2d.b32.trap [surf0, {%r2, %r3}], {%r1, %r4, %r5, %r6}"
  setup ".global .surfref surf0"
  source §9.7.11.2 L71/L85
require sust .3d
  ptx 3.0; target sm_20
  ptxas "Feature 'surface instruction with .3d geometry'"
  probe "sust.b.3d.b32.trap [surf0, {%r2, %r3, %r4, %r5}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.2 PTX ISA/Target ISA Notes; ptxas
require sust .a1d|.a2d
  ptx 3.0; target sm_20
  ptxas "Feature 'surface instruction with array geometry'"
  probe "sust.b.a1d.b32.trap [surf0, {%r2, %r3}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.2 PTX ISA/Target ISA Notes; ptxas
require sust .wb|.cg|.cs|.wt
  ptx 2.0; target sm_20
  ptxas "Feature 'cache operation'" "Instruction 'sust.b'"
  probe "sust.b.1d.wb.b32.trap [surf0, {%r2}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.2 PTX ISA/Target ISA Notes; ptxas
require sust .clamp|.zero
  ptx 2.0
  ptxas "Feature '.clamp modifier'|Feature '.zero modifier'"
  probe "sust.b.1d.b32.clamp [surf0, {%r2}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.2 PTX ISA Notes; ptxas takes them on sm_1x too (the Target ISA Notes say .trap only)

@ptxas-names sust.b sust.p source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
