// vote (§9.7.13.8, deprecated from PTX 6.0, removed for sm_70+ from 6.4: another rule says so) and
// vote.sync (§9.7.13.9): reduce a predicate across the threads of a warp.

@effects collective

a          : pred|imm;           // ptxas takes a constant predicate too
membermask : reg|imm .b32;

@section 9.7.13.8
@summary Reduces the predicate a across the active threads of the warp (.all, .any, .uni) into d.
vote.mode.pred  d, {!}a;
sync collective legacy source §9.7.13.8: over the active threads of the warp (lockstep warps; deprecated);
.mode = { .all, .any, .uni };
d : out pred;
---
@section 9.7.13.8
@summary Sets d to the mask of the active threads of the warp whose predicate a is true.
vote.ballot.b32  d, {!}a;
sync collective legacy source §9.7.13.8: over the active threads of the warp (lockstep warps; deprecated);
d : out reg;                      // ptxas: the sink is "Result discard mode is not allowed for instruction 'vote'"
---
@section 9.7.13.9
@summary Reduces the predicate a across the threads of membermask (.all, .any, .uni) into d.
@effects sync collective
vote.sync.mode.pred  d, {!}a, membermask;
sync collective mask membermask source §9.7.13.9: the threads of membermask execute it together;
.mode = { .all, .any, .uni };
d : out pred;
---
@section 9.7.13.9
@summary Sets d to the mask of the threads of membermask whose predicate a is true.
@effects sync collective
vote.sync.ballot.b32  d, {!}a, membermask;
sync collective mask membermask source §9.7.13.9: the threads of membermask execute it together;
d : out reg;

// ------------------------------------------------------------------ versions and targets

require vote !.sync
  ptx 1.2; target sm_12
  ptxas "Feature 'vote'|Feature '1.2'" "Instruction 'vote'"
  probe "vote.all.pred %p1, %p2"
  source §9.7.13.8 L58/L66
require vote .ballot !.sync
  ptx 2.0; target sm_20
  ptxas "Feature 'vote.ballot'" "Instruction 'vote.ballot'"
  probe "vote.ballot.b32 %r1, %p1"
  source §9.7.13.8 L68; RN 2.0
require vote .sync
  ptx 6.0; target sm_30
  ptxas "Feature 'vote.sync'" "Instruction 'vote.sync'"
  probe "vote.sync.all.pred %p1, %p2, 0xffffffff"
  source §9.7.13.9 L58/L62
