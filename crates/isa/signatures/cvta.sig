// cvta: convert an address between a state space and the generic space (§9.7.9.20).
//
// .u32 is the 32-bit addressing form: in a module with `.address_size 64` ptxas warns
// ("Program uses 32-bit address") and, on sm_90 and newer, stops ("32-Bit ABI ... is not
// supported on sm_90 or higher architectures"); the address-size rules report that.

@section 9.7.9.20
@summary Converts the address a in the given state space (or of the variable a) to a generic address.

p : out reg;
a : reg|imm|sym;

cvta.space.size  p, a;
value p = a + window(.space) source §9.7.9.20: the generic address of a state-space address;
.space = { .const, .global, .local, .shared, .shared::cta, .shared::cluster, .param, .param::entry };
.size  = { .u64, .u32 };
---
@summary Converts the generic address a to an address in the given state space.
cvta.to.space.size  p, a;
value p = a - window(.space) source §9.7.9.20: the state-space address of a generic one;
.space = { .const, .global, .local, .shared, .shared::cta, .shared::cluster, .param, .param::entry };
.size  = { .u64, .u32 };
a : reg|imm;

// ------------------------------------------------------------------ versions and targets

require cvta
  ptx 2.0; target sm_20
  ptxas "Feature 'cvta'" "Instruction 'cvta'"
  probe "cvta.global.u64 %rd1, %rd2"
  source §9.7.9.20 L41/L55
require cvta .const
  ptx 3.1; target sm_20
  ptxas "Feature 'cvta/isspacep with .const state space'" "Instruction 'cvta'"
  probe "cvta.const.u64 %rd1, %rd2"
  source §9.7.9.20 L43
require cvta .param
  ptx 7.7; target sm_70
  ptxas "Feature 'cvta/isspacep with .param state space'"
  probe "cvta.param.u64 %rd1, %rd2"
  source §9.7.9.20 L45/L57
require cvta .shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '::cluster'"
  probe "cvta.shared::cluster.u64 %rd1, %rd2"
  source §9.7.9.20 L49/L61
require cvta .shared::cta
  ptx 7.8; target sm_20
  ptxas "Feature '::cta'" ""
  probe "cvta.shared::cta.u64 %rd1, %rd2"
  source §9.7.9.20 L49/L59
require cvta .param::entry
  ptx 8.3; target sm_70
  ptxas "Feature '::entry'" ""
  probe "cvta.param::entry.u64 %rd1, %rd2"
  source §9.7.9.20 (PTX ISA notes: ::entry in 8.3); ptxas

@ptxas-names cvta.to source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
