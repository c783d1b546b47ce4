// madc: multiply-add with carry-in (§9.7.2.6).

@section 9.7.2.6
@summary Multiplies two values and adds a third and the carry-in: d = (a * b).hi|lo + c + CC.CF (.cc: writes the carry-out).

d       : out reg;
a, b, c : reg|imm;

madc.hilo{.cc}.type  d, a, b, c;
.hilo = { .hi, .lo };
.type = { .u32, .s32, .u64, .s64 };

// ------------------------------------------------------------------ versions and targets

require madc
  ptx 3.0; target sm_20
  ptxas "Feature 'madc'" "Instruction 'madc'"
  probe "mad.lo.cc.u32 %r1, %r2, %r3, %r4; madc.lo.u32 %r5, %r2, %r3, %r4"
  source §9.7.2.6 L38/L44
require madc .cc .u64|.s64
  ptx 4.3; target sm_20
  ptxas "Feature '.cc with 64bit type'" "Instruction '.cc with 64bit type'"
  probe "madc.lo.cc.u64 %rd1, %rd2, %rd3, %rd4"
  source §9.7.2.6 L40; ptxas: the limit is on .cc with a 64-bit type (`madc.lo.u64` alone assembles at 3.0)

@ptxas-names madc.hi madc.lo source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
