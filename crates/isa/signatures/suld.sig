// suld: load from a surface (§9.7.11.1). ptxas requires the out-of-bounds mode ('Clamp modifier
// required for instruction 'suld.b'') where the Syntax block writes it optional; suld.p (older
// manuals) is unknown to every ptxas here ('Not a name of any known instruction'). The
// destination may be a wider register (`%rd1` for .b32), as for ld; a narrower one is rejected.

@section 9.7.11.1
@summary Loads unformatted data from surface a at coordinates b into d.
@effects read

d : out reg|sink wide x.vec .dtype;
a : surfref;
b : reg|imm .b32 scalar x(.geom: .1d = 1, .2d = 2, .3d = 4, .a1d = 2, .a2d = 4);
.geom  = { .1d, .2d, .3d, .a1d, .a2d };
.cop   = { .ca, .cg, .cs, .cv };
.vec   = { .v2, .v4 };
.dtype = { .b8, .b16, .b32, .b64 };
.mode  = { .trap, .clamp, .zero };

suld.b.geom{.cop}.vec.dtype.mode  d, [a, b];
memory read a space texture proxy texture source §9.7.11.1;
except .v4 .b64 because a .v4 vector of .b64 is larger than 16 bytes;
---
@summary Loads unformatted data from surface a at coordinates b into d (one value, or a vector of any size).
// Without .vec ptxas takes one value or a vector of 2 or 4 (even 4 x .b64).
d : out reg|sink wide x(.dtype: .b8 = 1|2|4, .b16 = 1|2|4, .b32 = 1|2|4, .b64 = 1|2|4);
suld.b.geom{.cop}.dtype.mode  d, [a, b];
memory read a space texture proxy texture source §9.7.11.1;

// ------------------------------------------------------------------ versions and targets

require suld
  ptx 1.5
  ptxas "Feature 'suld.b'" ""
  probe "suld.b.2d.b32.trap {%r1}, [surf0, {%r2, %r3}]"
  setup ".global .surfref surf0"
  source §9.7.11.1 L65/L75
require suld .3d
  ptx 3.0; target sm_20
  ptxas "Feature 'surface instruction with .3d geometry'"
  probe "suld.b.3d.b32.trap {%r1}, [surf0, {%r2, %r3, %r4, %r5}]"
  setup ".global .surfref surf0"
  source §9.7.11.1 L69/L79
require suld .a1d|.a2d
  ptx 3.0; target sm_20
  ptxas "Feature 'surface instruction with array geometry'"
  probe "suld.b.a1d.b32.trap %r1, [surf0, {%r2, %r3}]"
  setup ".global .surfref surf0"
  source §9.7.11.1 PTX ISA/Target ISA Notes; ptxas
require suld .ca|.cg|.cs|.cv
  ptx 2.0; target sm_20
  ptxas "Feature 'cache operation'" "Instruction 'suld.b'"
  probe "suld.b.1d.ca.b32.trap %r1, [surf0, {%r2}]"
  setup ".global .surfref surf0"
  source §9.7.11.1 PTX ISA/Target ISA Notes; ptxas
require suld .clamp|.zero
  ptx 2.0
  ptxas "Feature '.clamp modifier'|Feature '.zero modifier'"
  probe "suld.b.1d.b32.clamp %r1, [surf0, {%r2}]"
  setup ".global .surfref surf0"
  source §9.7.11.1 PTX ISA Notes; ptxas takes them on sm_1x too (the Target ISA Notes say .trap only)

@ptxas-names suld.b source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
