// pmevent: trigger performance-monitor events (§9.7.19.3).

@section 9.7.19.3
@summary Triggers the performance-monitor event with index a (0..15).
@effects none

a : imm range 0..15;

pmevent  a;
---
@summary Triggers the performance-monitor events whose bits are set in the 16-bit mask a.
a : imm range 0..0xffff;
pmevent.mask  a;

// ------------------------------------------------------------------ versions and targets

require pmevent
  ptx 1.4
  ptxas "Feature 'pmevent'" ""
  probe "pmevent 1"
  source §9.7.19.3 L35/L41
require pmevent .mask
  ptx 3.0; target sm_20
  ptxas "Feature 'pmevent.mask'"
  probe "pmevent.mask 1"
  source §9.7.19.3 L37/L43

@ptxas-names pmevent.mask source spec/ptxas-parser-notes.txt, the instruction table builder's opcode lists
