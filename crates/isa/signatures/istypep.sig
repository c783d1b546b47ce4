// istypep: whether a 64-bit register holds a handle of the given opaque type (§9.7.10.6).

@section 9.7.10.6
@summary Sets p when register a holds a .texref, .samplerref or .surfref handle (.type).
@effects none

p : out pred;
a : reg|imm .b64;  // ptxas takes a constant too (probed)
.type = { .texref, .samplerref, .surfref };

istypep.type  p, a;

// ------------------------------------------------------------------ versions and targets

require istypep
  ptx 4.0; target sm_30
  ptxas "Feature 'istypep'" "Instruction 'istypep'"
  probe "istypep.texref %p1, %rd1"
  setup ".global .texref tex0"
  source §9.7.10.6 L26/L30
