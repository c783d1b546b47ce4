// isspacep: test whether a generic address lies in a state space (§9.7.9.19).

@section 9.7.9.19
@summary Sets p to whether the generic address a lies in the given state space.

p : out pred;
a : reg|imm;   // a .u32 or .u64 generic address

isspacep.space  p, a;
.space = { .const, .global, .local, .shared, .shared::cta, .shared::cluster, .param, .param::entry };

// ------------------------------------------------------------------ versions and targets

require isspacep
  ptx 2.0; target sm_20
  ptxas "Feature 'isspacep'" "Instruction 'isspacep'"
  probe "isspacep.global %p1, %rd1"
  source §9.7.9.19 L36/L48
require isspacep .const
  ptx 3.1; target sm_20
  ptxas "Feature 'cvta/isspacep with .const state space'" "Instruction 'isspacep'"
  probe "isspacep.const %p1, %rd1"
  source §9.7.9.19 L38
require isspacep .param
  ptx 7.7; target sm_70
  ptxas "Feature 'cvta/isspacep with .param state space'"
  probe "isspacep.param %p1, %rd1"
  source §9.7.9.19 L40/L50
require isspacep .shared::cluster
  ptx 7.8; target sm_90
  ptxas "Feature '::cluster'"
  probe "isspacep.shared::cluster %p1, %rd1"
  source §9.7.9.19 L42/L54
require isspacep .shared::cta
  ptx 7.8; target sm_20
  ptxas "Feature '::cta'" ""
  probe "isspacep.shared::cta %p1, %rd1"
  source §9.7.9.19 L42/L52
require isspacep .param::entry
  ptx 8.3; target sm_70
  ptxas "Feature '::entry'" ""
  probe "isspacep.param::entry %p1, %rd1"
  source §9.7.9.19 L44/L50
