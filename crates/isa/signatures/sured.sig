// sured: reduction into a surface (§9.7.11.3). ptxas checks the operation against the type
// ('Incorrect type '.u32' for operation '.and' in instruction 'sured.b'') and requires the
// out-of-bounds mode ('Clamp modifier required'). c may be a wider register (probed).

@section 9.7.11.3
@summary Combines c with the surface a's value at coordinates b (byte addressing, .b).
@effects read write

a : surfref;
b : reg|imm .b32 scalar x(.geom: .1d = 1, .2d = 2, .3d = 4);
c : reg|imm wide;
.op    = { .add, .min, .max, .and, .or };
.geom  = { .1d, .2d, .3d };
.ctype = { .u32, .u64, .s32, .b32, .s64 };
.mode  = { .trap, .clamp, .zero };
sured.b.op.geom.ctype.mode  [a, b], c;
memory modify a space texture proxy texture atomic source §9.7.11.3;
except .add .b32|.s64 because add applies to .u32, .u64 and .s32;
except .min|.max .b32 because min and max apply to .u32, .s32, .u64 and .s64;
except .and|.or .u32|.u64|.s32|.s64 because and and or apply to .b32;
---
@summary Combines c with the surface a's value at coordinates b (sample addressing, .p).
.ctype = { .b32, .b64 };
except .b64 .add|.and|.or because .b64 is restricted to min and max;
sured.p.op.geom.ctype.mode  [a, b], c;
memory modify a space texture proxy texture atomic source §9.7.11.3;

// ------------------------------------------------------------------ versions and targets

require sured
  ptx 2.0; target sm_20
  ptxas "Feature 'sured.b'" "Instruction 'sured.b'"
  probe "sured.b.add.2d.trap.u32 [surf0, {%r2, %r3}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.3 L58/L66
require sured .3d
  ptx 3.0; target sm_20
  ptxas "Feature 'surface instruction with .3d geometry'"
  probe "sured.b.add.3d.u32.trap [surf0, {%r2, %r3, %r4, %r5}], %r1"
  setup ".global .surfref surf0"
  source §9.7.11.3; ptxas
require sured .min|.max .b64|.s64|.u64
  ptx 8.1; target sm_50
  ptxas "Feature '.b64 on sured.p'|Feature '64-bit min/max operation on sured.b'"
  probe "sured.b.min.1d.u64.trap [surf0, {%r2}], %rd1"
  setup ".global .surfref surf0"
  source §9.7.11.3 PTX ISA Notes; ptxas ('requires .target sm_50 or higher')

@ptxas-names sured.b sured.p source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
