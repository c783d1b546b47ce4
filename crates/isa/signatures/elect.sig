// elect.sync: elect a leader thread of a warp (§9.7.13.14).

@section 9.7.13.14
@summary Elects one leader among the threads of membermask: d receives its lane id, p is true in the leader.
@effects sync collective

d          : out reg|sink .b32;
p          : out pred;           // ptxas: without it, or as the sink, "Predicate output expected for instruction 'elect'"
membermask : reg|imm .b32;
sync elect mask membermask source §9.7.13.14: one thread of membermask is elected;

elect.sync  d|p, membermask;

// ------------------------------------------------------------------ versions and targets

require elect
  ptx 8.0; target sm_90
  ptxas "Feature 'elect'"
  probe "elect.sync %r1|%p1, 0xffffffff"
  source §9.7.13.14 L30/L34
