// clmad: carry-less multiply-add (PTX 9.3; not in the 9.1 manual we hold, so the section is the
// chapter's). Forms, versions and targets from ptxas 13.5: .lo/.hi required, .u64/.s64 only
// ("Unexpected instruction types specified for 'clmad.lo'" for .b64, .u32), constants allowed.

@section 9.7.1
@summary Carry-less (XOR) multiplies a and b and XORs the low (.lo) or high (.hi) 64 bits of the product into c.

d       : out reg;
a, b, c : reg|imm;

clmad.mode.type  d, a, b, c;
.mode = { .lo, .hi };
.type = { .u64, .s64 };

// ------------------------------------------------------------------ versions and targets

require clmad .lo
  ptx 9.3; target sm_80
  ptxas "Feature 'clmad.lo'"
  probe "clmad.lo.u64 %rd1, %rd2, %rd3, %rd4"
  source ptxas 13.5 (9.2: "Feature 'clmad.lo' requires PTX ISA .version 9.3 or later"; sm_75: "requires .target sm_80 or higher"); versions.md 9.3 (Z93)
require clmad .hi
  ptx 9.3; target sm_80
  ptxas "Feature 'clmad.hi'"
  probe "clmad.hi.u64 %rd1, %rd2, %rd3, %rd4"
  source ptxas 13.5; versions.md 9.3 (Z93)

// ------------------------------------------------------------------ modifier order

order clmad .mode first
  ptxas "Not a name of any known instruction: 'clmad'"
  source ptxas 13.5 (clmad.u64.lo)
