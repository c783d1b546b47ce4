// cnot: C/C++-style logical negation (§9.7.8.5).

@section 9.7.8.5
@summary Gives 1 when a is zero, else 0: d = (a == 0).

d : out reg;
a : reg|imm;

cnot.type  d, a;
.type = { .b16, .b32, .b64 };
value d = (a == 0) ? 1 : 0 source §9.7.8.5: d = (a==0) ? 1 : 0;
