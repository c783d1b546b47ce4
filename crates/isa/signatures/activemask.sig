// activemask: the mask of the active threads of the warp (§9.7.13.11).

@section 9.7.13.11
@summary Sets d to the mask of the threads of the warp that execute it (predicated on).
@effects collective

d : out reg;      // ptxas: the sink is "Result discard mode is not allowed for instruction 'activemask'"

activemask.b32  d;
sync active-mask source §9.7.13.11: the mask of the threads executing it;

// ------------------------------------------------------------------ versions and targets

require activemask
  ptx 6.2; target sm_30
  ptxas "Feature 'activemask'"
  probe "activemask.b32 %r1"
  source §9.7.13.11 L28/L32
