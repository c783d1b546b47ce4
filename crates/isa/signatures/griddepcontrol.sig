// griddepcontrol: programmatic dependent launch (§9.7.13.13).

@section 9.7.13.13
@summary Lets dependent grids launch (.launch_dependents) or waits for the prerequisite grids (.wait).
@effects sync

griddepcontrol.action;
.action = { .launch_dependents, .wait };

// ------------------------------------------------------------------ versions and targets

require griddepcontrol
  ptx 7.8; target sm_90
  ptxas "Feature 'griddepcontrol'" "Instruction 'griddepcontrol'"
  probe "griddepcontrol.wait"
  source §9.7.13.13 L34/L38
