// match.sync: find the threads of a warp that hold the same value (§9.7.13.10).

@section 9.7.13.10
@summary Sets d to the mask of the threads of membermask whose a equals this thread's a.
@effects sync collective

d          : out reg .b32;
a          : reg|imm;
membermask : reg|imm .b32;
sync collective mask membermask source §9.7.13.10: the threads of membermask execute it together;
.type = { .b32, .b64 };

match.any.sync.type  d, a, membermask;     // ptxas: a pair is "Predicate output not allowed for instruction 'match.any'"
---
@summary Sets d to membermask (and p to true) when every thread of membermask holds the same a, else 0 (false).
match.all.sync.type  d{|p}, a, membermask;
d : out reg|sink .b32;                     // the sink may stand for either destination
p : out pred|sink;

// ------------------------------------------------------------------ versions and targets

require match
  ptx 6.0; target sm_70
  ptxas "Feature 'match'" "Instruction 'match'"
  probe "match.any.sync.b32 %r1, %r2, 0xffffffff"
  source §9.7.13.10 L49/L53
