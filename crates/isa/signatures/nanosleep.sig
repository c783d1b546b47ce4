// nanosleep: suspend the thread for about t nanoseconds (§9.7.19.2).

@section 9.7.19.2
@summary Suspends the thread for a duration close to t nanoseconds (at most 1 ms).
@effects none

t : reg|imm;

nanosleep.u32  t;

// ------------------------------------------------------------------ versions and targets

require nanosleep
  ptx 6.2; target sm_70
  ptxas "Feature 'nanosleep'" "Instruction 'nanosleep'"
  probe "nanosleep.u32 100"
  source §9.7.19.2 L26/L30 (manual: 6.3); ptxas: 6.2
