// testp: test a floating-point property (§9.7.3.1).

@section 9.7.3.1
@summary Sets predicate p when a is finite, infinite, a number, NaN, normal or subnormal.

p : out pred;
a : reg|imm;

// ptxas 11.8, 12.9 and 13.5 accept the property left out (`testp.f32 p, a`).
testp{.op}.type  p, a;
.op   = { .finite, .infinite, .number, .notanumber, .normal, .subnormal };
.type = { .f32, .f64 };

// ------------------------------------------------------------------ versions and targets

require testp
  ptx 2.0; target sm_20
  ptxas "Feature 'testp'" "Instruction 'testp'"
  probe "testp.finite.f32 %p1, %r1"
  source §9.7.3.1 L61/L65
