// elect.sync: elect a leader thread of a warp (§9.7.13.14).

@section 9.7.13.14
@summary Elects one leader among the threads of membermask: d receives its lane id, p is true in the leader.
@effects sync collective

d          : out reg|sink .b32;
p          : out pred;           // ptxas: without it, or as the sink, "Predicate output expected for instruction 'elect'"
membermask : reg|imm .b32;
sync elect mask membermask source §9.7.13.14: one thread of membermask is elected;
// Which lane is elected is not said, only that it is one of membermask and the same one for the
// same membermask every time (L24): `elected(m)` is that lane. d (its lane id) is left opaque.
value p = lane == elected(membermask) source §9.7.13.14 L20: p is set to True for the leader thread, and False for all other threads;

elect.sync  d|p, membermask;

// ------------------------------------------------------------------ versions and targets

require elect
  ptx 8.0; target sm_90
  ptxas "Feature 'elect'"
  probe "elect.sync %r1|%p1, 0xffffffff"
  source §9.7.13.14 L30/L34
