// brkpt: breakpoint (§9.7.19.1).

@section 9.7.19.1
@summary Suspends execution (a breakpoint for the debugger).
@effects control

brkpt;

// ------------------------------------------------------------------ versions and targets

require brkpt
  ptx 1.0; target sm_11
  ptxas "" "Instruction 'brkpt'"
  probe "brkpt"
  source §9.7.19.1 L24/L28
